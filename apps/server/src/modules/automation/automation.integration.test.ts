import type { SandboxOutboxEntry } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { buildServer } from '../../app.ts';
import { openPostgres } from '../../platform/db/client.ts';
import { contacts, messages, ticketRatings, tickets } from '../../platform/db/schema.ts';

/** The server's "now": real time shifted, or a fixed instant (business hours). */
const clock = { shiftMinutes: 0, fixed: null as Date | null };
const now = () => clock.fixed ?? new Date(Date.now() + clock.shiftMinutes * 60_000);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { clock: now });
});
afterAll(() => t.close());

let customerSeq = 0;
const newCustomer = () => `55119700${String(++customerSeq).padStart(5, '0')}`;

async function company(settings: Record<string, string> = {}) {
  const created = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: created.id, profile: 'admin', name: 'Ana' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  for (const [key, value] of Object.entries(settings)) {
    const response = await t.as(token).put(`/api/settings/${key}`, { value });
    if (response.status !== 200) throw new Error(`setting ${key}: ${JSON.stringify(response.body)}`);
  }
  return { company: created, admin, token, api: t.as(token) };
}

type Api = ReturnType<TestServer['as']>;

async function queue(api: Api, fields: Record<string, unknown>) {
  const color = `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
  const response = await api.post('/api/queue', { color, ...fields });
  if (response.status !== 200 && response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body as { id: number; name: string };
}

async function option(api: Api, fields: Record<string, unknown>) {
  const response = await api.post('/api/queue-options', fields);
  if (response.status !== 200 && response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body as { id: number };
}

/** A customer of a sandbox connection: writes, and reads what the company sent them. */
function customer(api: Api, connectionId: number, number = newCustomer()) {
  let seen = 0;
  return {
    number,
    say: async (body: string, extra: Record<string, unknown> = {}) => {
      const response = await api.post(`/api/sandbox/${connectionId}/inbound`, {
        from: number,
        name: 'Maria Souza',
        body,
        ...extra,
      });
      if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    },
    call: async (video = false) => (await api.post(`/api/sandbox/${connectionId}/call`, { from: number, video })).body,
    /** Everything sent to this customer since the last read. */
    received: async () => {
      const entries = (await api.get(`/api/sandbox/${connectionId}/outbox?to=${number}`)).body as SandboxOutboxEntry[];
      const fresh = entries.slice(seen).map((entry) => entry.body);
      seen = entries.length;
      return fresh;
    },
  };
}

async function ticketOf(companyId: number, number: string) {
  const [contact] = await t.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)));
  const rows = await t.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
  return rows.sort((a, b) => b.id - a.id)[0];
}

/** Two queues; Support has a menu: 1 Internet (1 Slow, 2 Down), 2 Billing. */
async function twoQueueSetup(settings: Record<string, string> = {}, connectionFields: Record<string, unknown> = {}) {
  const ctx = await company(settings);
  const sales = await queue(ctx.api, { name: 'Sales', orderQueue: 1, greetingMessage: 'Sales, hello {{firstName}}!' });
  const support = await queue(ctx.api, { name: 'Support', orderQueue: 2, greetingMessage: 'Support: pick a topic.' });
  const internet = await option(ctx.api, { queueId: support.id, option: '1', title: 'Internet', message: 'Internet:' });
  await option(ctx.api, {
    queueId: support.id,
    parentId: internet.id,
    option: '1',
    title: 'Slow',
    message: 'Restart the router.',
  });
  await option(ctx.api, {
    queueId: support.id,
    parentId: internet.id,
    option: '2',
    title: 'Down',
    message: 'We are on it.',
  });
  await option(ctx.api, { queueId: support.id, option: '2', title: 'Billing', message: 'Billing will answer.' });
  const connection = await pairedSandbox(t, ctx.token, {
    greetingMessage: 'Welcome!',
    queueIds: [support.id, sales.id],
    ...connectionFields,
  });
  return { ...ctx, sales, support, connection };
}

const MAIN_MENU = 'Welcome!\n\n*[ 1 ]* - Sales\n*[ 2 ]* - Support';

describe('queue chatbot through the sandbox', () => {
  it('sends the greeting with the numbered queues and puts the ticket in the chosen one', async () => {
    const { company: c, connection, sales, api } = await twoQueueSetup();
    const me = customer(api, connection.id);
    await me.say('hello');
    expect(await me.received()).toEqual([MAIN_MENU]);
    await me.say('1');
    expect(await me.received()).toEqual(['Sales, hello Maria!']);
    const ticket = await ticketOf(c.id, me.number);
    expect(ticket).toMatchObject({ queueId: sales.id, status: 'pending', chatbot: false });
    const written = await t.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(written.filter((message) => message.fromMe).every((message) => message.isSystem)).toBe(true);
    expect(written.filter((message) => !message.fromMe).some((message) => message.isSystem)).toBe(false);
  });

  it('repeats the menu for invalid replies up to maxUseBotQueues, then stays quiet in pending', async () => {
    const { company: c, connection, api } = await twoQueueSetup({}, { maxUseBotQueues: 2 });
    const me = customer(api, connection.id);
    await me.say('hi');
    await me.say('what?');
    await me.say('7');
    await me.say('hello??');
    expect(await me.received()).toEqual([MAIN_MENU, MAIN_MENU]);
    expect(await ticketOf(c.id, me.number)).toMatchObject({ status: 'pending', queueId: null, chatbot: false });
  });

  it('walks the option tree with 0 and #, and a leaf hands the ticket to attendants', async () => {
    const { company: c, connection, api, support } = await twoQueueSetup();
    const me = customer(api, connection.id);
    await me.say('hi');
    await me.say('2');
    await me.say('1');
    await me.say('0');
    await me.say('#');
    await me.say('2');
    await me.say('1');
    await me.say('2');
    const levelTop =
      'Support: pick a topic.\n\n*[ 1 ]* - Internet\n*[ 2 ]* - Billing\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial';
    const levelInternet = 'Internet:\n\n*[ 1 ]* - Slow\n*[ 2 ]* - Down\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial';
    expect(await me.received()).toEqual([
      MAIN_MENU,
      levelTop,
      levelInternet,
      levelTop,
      MAIN_MENU,
      levelTop,
      levelInternet,
      'We are on it.',
    ]);
    expect(await ticketOf(c.id, me.number)).toMatchObject({ queueId: support.id, chatbot: false, status: 'pending' });
  });

  it('never answers a contact excluded from bots, nor a ticket an attendant holds', async () => {
    const { company: c, connection, api } = await twoQueueSetup();
    const excluded = customer(api, connection.id);
    // The contact modal's "Exclude from bots" switch.
    const created = await api.post('/api/contacts', { name: 'VIP', number: excluded.number, disableBot: true });
    expect(created.body).toMatchObject({ disableBot: true });
    await excluded.say('hi');
    expect(await excluded.received()).toEqual([]);

    const held = customer(api, connection.id);
    await held.say('hi');
    await held.received();
    const ticket = await ticketOf(c.id, held.number);
    expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    await held.say('anyone?');
    expect(await held.received()).toEqual([]);
  });

  it('fills message variables in what attendants send', async () => {
    const { company: c, connection, api } = await twoQueueSetup({ timezone: 'UTC' });
    const me = customer(api, connection.id);
    await me.say('hi');
    await me.received();
    const ticket = await ticketOf(c.id, me.number);
    await api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    const sent = await api.post(`/api/messages/${ticket.id}`, { body: 'Olá {{firstName}}, protocolo {{protocol}}' });
    expect(sent.status).toBe(201);
    const day = ticket.createdAt.toISOString().slice(0, 10).replaceAll('-', '');
    expect(await me.received()).toContain(`Olá Maria, protocolo ${day}-${ticket.id}`);
  });
});

describe('queue choice without a menu', () => {
  it('one queue: the ticket enters it, greeted only with sendGreetingMessageOneQueues', async () => {
    const cases = [
      { setting: 'enabled', queueGreeting: 'Sales, hello {{firstName}}!', expected: ['Sales, hello Maria!'] },
      // Without a greeting of its own the queue falls back to the connection's.
      { setting: 'enabled', queueGreeting: '', expected: ['Welcome!'] },
      { setting: 'disabled', queueGreeting: 'Sales, hello {{firstName}}!', expected: [] },
    ];
    for (const { setting, queueGreeting, expected } of cases) {
      const ctx = await company({ sendGreetingMessageOneQueues: setting });
      const sales = await queue(ctx.api, { name: 'Sales', greetingMessage: queueGreeting });
      const connection = await pairedSandbox(t, ctx.token, { greetingMessage: 'Welcome!', queueIds: [sales.id] });
      const me = customer(ctx.api, connection.id);
      await me.say('hi');
      await me.say('hello?');
      expect(await me.received(), `${setting}, queue greeting "${queueGreeting}"`).toEqual(expected);
      expect(await ticketOf(ctx.company.id, me.number)).toMatchObject({
        queueId: sales.id,
        chatbot: false,
        status: 'pending',
      });
    }
  });

  it('no queues: the connection’s greeting once per ticket', async () => {
    const ctx = await company();
    const connection = await pairedSandbox(t, ctx.token, { greetingMessage: 'Hello {{firstName}}, welcome!' });
    const me = customer(ctx.api, connection.id);
    await me.say('hi');
    await me.say('anyone there?');
    await me.say('hello?');
    expect(await me.received()).toEqual(['Hello Maria, welcome!']);
    const first = await ticketOf(ctx.company.id, me.number);
    expect(first).toMatchObject({ queueId: null, status: 'pending' });
    await ctx.api.put(`/api/tickets/${first.id}`, { status: 'closed' });
    // A new conversation is a new ticket: greeted again, once.
    await me.say('me again');
    await me.say('hello?');
    expect(await me.received()).toEqual(['Hello Maria, welcome!']);
    expect((await ticketOf(ctx.company.id, me.number)).id).not.toBe(first.id);
  });
});

describe('menu timing', () => {
  it('timeUseBotQueues keeps an unanswered menu from being resent; a valid choice is still taken', async () => {
    const { company: c, connection, api, support } = await twoQueueSetup({}, { timeUseBotQueues: 10 });
    const me = customer(api, connection.id);
    const start = new Date('2026-11-23T13:00:00Z');
    const at = (minutes: number) => {
      clock.fixed = new Date(start.getTime() + minutes * 60_000);
    };
    try {
      at(0);
      await me.say('hi');
      at(1);
      await me.say('what?');
      at(9);
      await me.say('hello??');
      expect(await me.received()).toEqual([MAIN_MENU]);
      at(10);
      await me.say('still here');
      expect(await me.received()).toEqual([MAIN_MENU]);
      at(11);
      await me.say('2');
      expect(await me.received()).toEqual([
        'Support: pick a topic.\n\n*[ 1 ]* - Internet\n*[ 2 ]* - Billing\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial',
      ]);
      expect(await ticketOf(c.id, me.number)).toMatchObject({ queueId: support.id, chatbot: true });
    } finally {
      clock.fixed = null;
    }
  });
});

describe('message variables in automatic messages', () => {
  it('fills {{ms}}, {{date}} and {{hour}} from the company’s clock and language', async () => {
    const cases = [
      // São Paulo is UTC−3 all year.
      {
        timezone: 'America/Sao_Paulo',
        language: 'pt',
        at: '2026-11-23T13:05:00Z',
        text: 'Bom dia, Maria! 23/11/2026 10:05',
      },
      {
        timezone: 'America/Sao_Paulo',
        language: 'pt',
        at: '2026-11-23T19:40:00Z',
        text: 'Boa tarde, Maria! 23/11/2026 16:40',
      },
      // Already the 24th in UTC, still the evening of the 23rd in São Paulo.
      {
        timezone: 'America/Sao_Paulo',
        language: 'pt',
        at: '2026-11-24T01:30:00Z',
        text: 'Boa noite, Maria! 23/11/2026 22:30',
      },
      {
        timezone: 'America/Sao_Paulo',
        language: 'pt',
        at: '2026-11-24T06:15:00Z',
        text: 'Boa madrugada, Maria! 24/11/2026 03:15',
      },
      {
        timezone: 'America/New_York',
        language: 'en',
        at: '2026-11-23T13:05:00Z',
        text: 'Good morning, Maria! 11/23/2026 08:05',
      },
      {
        timezone: 'Europe/Madrid',
        language: 'es',
        at: '2026-11-23T13:05:00Z',
        text: 'Buenas tardes, Maria! 23/11/2026 14:05',
      },
    ];
    for (const { timezone, language, at, text } of cases) {
      const ctx = await company({ timezone, messagesLanguage: language });
      const connection = await pairedSandbox(t, ctx.token, {
        greetingMessage: '{{ms}}, {{firstName}}! {{date}} {{hour}}',
      });
      const me = customer(ctx.api, connection.id);
      try {
        clock.fixed = new Date(at);
        await me.say('hi');
      } finally {
        clock.fixed = null;
      }
      expect(await me.received(), `${timezone} ${at}`).toEqual([text]);
    }
  });
});

describe('what never triggers automation', () => {
  it('a group ticket gets no accept greeting and no completion message', async () => {
    const {
      company: c,
      connection,
      api,
    } = await twoQueueSetup(
      { CheckMsgIsGroup: 'disabled', sendGreetingAccepted: 'enabled' },
      { complationMessage: 'Thanks, bye!' },
    );
    const member = customer(api, connection.id);
    await member.say('hi all', { groupId: '120363000000000003@g.us', groupName: 'Team' });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, c.id));
    expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'open' })).body).toMatchObject({ status: 'open' });
    expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'closed' })).body).toMatchObject({ status: 'closed' });
    expect((await api.get(`/api/sandbox/${connection.id}/outbox`)).body).toEqual([]);
    const system = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.isSystem, true)));
    expect(system).toEqual([]);
  });

  it('an automatic message echoed back by the phone never triggers automation again', async () => {
    const { company: c, connection, api } = await twoQueueSetup();
    const me = customer(api, connection.id);
    await me.say('hi');
    const outbox = (await api.get(`/api/sandbox/${connection.id}/outbox?to=${me.number}`)).body as SandboxOutboxEntry[];
    expect(outbox.map((entry) => entry.body)).toEqual([MAIN_MENU]);
    await me.received();
    const before = await ticketOf(c.id, me.number);
    // WhatsApp reports what the company sent back to it (same id), and the phone may echo a digit
    // typed on it: neither is the customer's word.
    await me.say(MAIN_MENU, { fromMe: true, id: outbox[0].id });
    await me.say('1', { fromMe: true });
    expect(await me.received()).toEqual([]);
    const after = await ticketOf(c.id, me.number);
    expect(after).toMatchObject({
      queueId: null,
      chatbot: true,
      amountUsedBotQueues: before.amountUsedBotQueues,
    });
    const menus = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, before.id), eq(messages.body, MAIN_MENU)));
    expect(menus).toHaveLength(1);
    expect(menus[0]).toMatchObject({ fromMe: true, isSystem: true });
  });
});

describe('business hours', () => {
  // Monday 2026-11-23 07:00 in São Paulo (10:00 UTC) and 10:00 there (13:00 UTC).
  const beforeOpening = new Date('2026-11-23T10:00:00Z');
  const morning = new Date('2026-11-23T13:00:00Z');

  it('by company: outside its week the out-of-hours message goes once per 30 minutes, no menu', async () => {
    const {
      company: c,
      connection,
      api,
    } = await twoQueueSetup({ scheduleType: 'company' }, { outOfHoursMessage: 'We open at 8.' });
    await api.put(`/api/companies/${c.id}/schedules`, {
      schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }],
    });
    const me = customer(api, connection.id);
    try {
      clock.fixed = beforeOpening;
      await me.say('hi');
      await me.say('hello?');
      expect(await me.received()).toEqual(['We open at 8.']);
      clock.fixed = new Date(beforeOpening.getTime() + 31 * 60_000);
      await me.say('still there?');
      expect(await me.received()).toEqual(['We open at 8.']);
      clock.fixed = morning;
      await me.say('good morning');
      expect(await me.received()).toEqual([MAIN_MENU]);
      expect(await ticketOf(c.id, me.number)).toMatchObject({ status: 'pending' });
    } finally {
      clock.fixed = null;
    }
  });

  it('by queue: the chosen queue’s hours decide and its own message is sent', async () => {
    const ctx = await company({ scheduleType: 'queue' });
    const closedAllWeek = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
      (weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: '00:00', endTime: '00:00' }),
    );
    const night = await queue(ctx.api, {
      name: 'Night',
      orderQueue: 1,
      schedules: closedAllWeek,
      outOfHoursMessage: 'Night queue is closed.',
      greetingMessage: 'Night here.',
    });
    const day = await queue(ctx.api, { name: 'Day', orderQueue: 2, greetingMessage: 'Day here.' });
    const connection = await pairedSandbox(t, ctx.token, { greetingMessage: 'Welcome!', queueIds: [night.id, day.id] });
    try {
      clock.fixed = morning;
      const first = customer(ctx.api, connection.id);
      await first.say('hi');
      await first.say('1');
      expect((await first.received())[1]).toBe('Night queue is closed.');
      expect(await ticketOf(ctx.company.id, first.number)).toMatchObject({ queueId: night.id, chatbot: false });
      const second = customer(ctx.api, connection.id);
      await second.say('hi');
      await second.say('2');
      expect((await second.received())[1]).toBe('Day here.');
    } finally {
      clock.fixed = null;
    }
  });
});

describe('business hours of a queue the ticket already has', () => {
  it('sends the queue’s out-of-hours message to a pending ticket in it, once per 30 minutes', async () => {
    const ctx = await company({ scheduleType: 'queue' });
    const desk = await queue(ctx.api, {
      name: 'Desk',
      // Open on Mondays 08:00–18:00 only.
      schedules: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
        weekday: weekdayEn,
        weekdayEn,
        startTime: weekdayEn === 'monday' ? '08:00' : '00:00',
        endTime: weekdayEn === 'monday' ? '18:00' : '00:00',
      })),
      outOfHoursMessage: 'Desk opens at 8.',
    });
    const connection = await pairedSandbox(t, ctx.token, { queueIds: [desk.id] });
    const me = customer(ctx.api, connection.id);
    try {
      // Monday 10:00 in São Paulo: open, the ticket enters the only queue.
      clock.fixed = new Date('2026-11-23T13:00:00Z');
      await me.say('hi');
      expect(await me.received()).toEqual([]);
      expect(await ticketOf(ctx.company.id, me.number)).toMatchObject({ queueId: desk.id, chatbot: false });
      // Monday 19:00 there: closed.
      clock.fixed = new Date('2026-11-23T22:00:00Z');
      await me.say('still there?');
      clock.fixed = new Date('2026-11-23T22:20:00Z');
      await me.say('hello?');
      expect(await me.received()).toEqual(['Desk opens at 8.']);
      clock.fixed = new Date('2026-11-23T22:31:00Z');
      await me.say('anyone?');
      expect(await me.received()).toEqual(['Desk opens at 8.']);
      expect(await ticketOf(ctx.company.id, me.number)).toMatchObject({ queueId: desk.id, status: 'pending' });
    } finally {
      clock.fixed = null;
    }
  });
});

describe('messages around attendants', () => {
  it('greets on accept in the company language and tells the customer about a transfer', async () => {
    const {
      company: c,
      connection,
      api,
      support,
    } = await twoQueueSetup({
      sendGreetingAccepted: 'enabled',
      sendMsgTransfTicket: 'enabled',
      messagesLanguage: 'en',
    });
    const me = customer(api, connection.id);
    await me.say('hi');
    await me.received();
    const ticket = await ticketOf(c.id, me.number);
    await api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    await waitUntil(async () => (await me.received()).find((body) => /my name is \*Ana\*/.test(body)));
    await api.put(`/api/tickets/${ticket.id}`, { queueId: support.id, userId: null });
    await waitUntil(async () => (await me.received()).find((body) => body.includes('*Support* department')));
    const [greeting] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.isSystem, true)));
    expect(greeting).toBeTruthy();
  });
});

describe('transfer notice', () => {
  it('names the attendant on a transfer within the queue, the queue and the attendant on a move to another queue', async () => {
    const ctx = await twoQueueSetup({ sendMsgTransfTicket: 'enabled', messagesLanguage: 'en' });
    const bruno = await buildUser(t.db, { companyId: ctx.company.id, profile: 'user', name: 'Bruno' });
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('hi');
    await me.say('1');
    const ticket = await ticketOf(ctx.company.id, me.number);
    await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    await me.received();

    expect((await ctx.api.put(`/api/tickets/${ticket.id}`, { userId: bruno.id })).status).toBe(200);
    expect(await me.received()).toEqual([
      '*Automatic message*:\nYou have been transferred to *Bruno*, please wait, we will be with you shortly!',
    ]);

    const moved = await ctx.api.put(`/api/tickets/${ticket.id}`, { queueId: ctx.support.id, userId: ctx.admin.id });
    expect(moved.body).toMatchObject({ queueId: ctx.support.id, userId: ctx.admin.id, status: 'open' });
    expect(await me.received()).toEqual([
      '*Automatic message*:\nYou have been transferred to *Ana* in the *Support* department, please wait, we will be with you shortly!',
    ]);
  });
});

describe('contacts excluded from bots', () => {
  // spec (contact modal): "no automatic message reaches this contact; attendants' messages go as usual".
  it('get no automatic message at all, while attendants still reach them', async () => {
    const ctx = await twoQueueSetup(
      {
        sendGreetingAccepted: 'enabled',
        sendMsgTransfTicket: 'enabled',
        userRating: 'enabled',
        call: 'disabled',
        scheduleType: 'company',
      },
      { complationMessage: 'Thanks, bye!', outOfHoursMessage: 'We are closed.' },
    );
    const bruno = await buildUser(t.db, { companyId: ctx.company.id, profile: 'user', name: 'Bruno' });
    const me = customer(ctx.api, ctx.connection.id);
    const created = await ctx.api.post('/api/contacts', { name: 'VIP', number: me.number, disableBot: true });
    expect(created.body).toMatchObject({ disableBot: true });
    // Closed every day, so an out-of-hours notice would be due too.
    await ctx.api.put(`/api/companies/${ctx.company.id}/schedules`, {
      schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '00:00', endTime: '00:00' }],
    });

    await me.say('hi');
    expect(await me.call()).toMatchObject({ status: 'declined' });
    const ticket = await ticketOf(ctx.company.id, me.number);
    expect(ticket).toMatchObject({ status: 'pending', queueId: null });
    await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    await ctx.api.put(`/api/tickets/${ticket.id}`, { queueId: ctx.support.id, userId: bruno.id });
    const sent = await ctx.api.post(`/api/messages/${ticket.id}`, { body: 'Hello {{firstName}}, Ana here.' });
    expect(sent.status).toBe(201);
    await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'closed' });
    expect(await me.received()).toEqual(['Hello VIP, Ana here.']);

    // No rating question went out, so a "3" is a new conversation, not a rating.
    const [closed] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(closed).toMatchObject({ status: 'closed', ratingDueAt: null });
    await me.say('3');
    expect((await ticketOf(ctx.company.id, me.number)).id).not.toBe(ticket.id);
    expect(await t.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id))).toEqual([]);
    expect(await me.received()).toEqual([]);
    const system = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.isSystem, true)));
    expect(system).toEqual([]);
  });

  it('a switch turned on during a ticket silences the next automatic message', async () => {
    const ctx = await twoQueueSetup({}, { complationMessage: 'Thanks, bye!' });
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('hi');
    expect(await me.received()).toEqual([MAIN_MENU]);
    const ticket = await ticketOf(ctx.company.id, me.number);
    await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    const updated = await ctx.api.put(`/api/contacts/${ticket.contactId}`, {
      name: 'Maria Souza',
      number: me.number,
      disableBot: true,
    });
    expect(updated.body).toMatchObject({ disableBot: true });
    await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'closed' });
    expect(await me.received()).toEqual([]);
  });
});

describe('completion and rating', () => {
  async function closedWithRating() {
    const ctx = await twoQueueSetup({ userRating: 'enabled' }, { complationMessage: 'Thanks, bye!' });
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('hi');
    await me.say('1');
    const ticket = await ticketOf(ctx.company.id, me.number);
    await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    await me.received();
    const closed = await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'closed' });
    expect(closed.body).toMatchObject({ status: 'closed' });
    return { ...ctx, me, ticket };
  }

  it('closes at once with the rating question; 1–3 is stored for the attendant and answered', async () => {
    const { me, ticket, admin, company: c } = await closedWithRating();
    const [question] = await me.received();
    expect(question).toMatch(
      /avalie.*\n\n\*\[ 1 \]\* - Insatisfeito\n\*\[ 2 \]\* - Satisfeito\n\*\[ 3 \]\* - Muito satisfeito$/s,
    );
    await me.say(' 3 ');
    expect(await me.received()).toEqual(['Thanks, bye!']);
    const [rating] = await t.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id));
    expect(rating).toMatchObject({ rate: 3, userId: admin.id, companyId: c.id });
    // The reply went to the rated ticket: no new ticket was opened.
    expect((await ticketOf(c.id, me.number)).id).toBe(ticket.id);
    // A second answer is a new conversation, not a second rating.
    await me.say('2');
    expect((await ticketOf(c.id, me.number)).id).not.toBe(ticket.id);
    expect(await t.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id))).toHaveLength(1);
  });

  it('any other reply starts a new ticket and ends the wait', async () => {
    const { me, ticket, company: c } = await closedWithRating();
    await me.received();
    await me.say('I have another question');
    const next = await ticketOf(c.id, me.number);
    expect(next.id).not.toBe(ticket.id);
    expect(next.status).toBe('pending');
    expect(await t.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id))).toEqual([]);
    const [old] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(old.ratingDueAt).toBeNull();
  });

  it('a rating after the window is a new conversation', async () => {
    const { me, ticket, company: c } = await closedWithRating();
    await me.received();
    try {
      clock.shiftMinutes = 31;
      await me.say('3');
      expect((await ticketOf(c.id, me.number)).id).not.toBe(ticket.id);
    } finally {
      clock.shiftMinutes = 0;
    }
  });

  it('another company’s connection never rates this company’s ticket', async () => {
    const { me, ticket } = await closedWithRating();
    const other = await twoQueueSetup();
    const sameNumber = customer(other.api, other.connection.id, me.number);
    await sameNumber.say('3');
    expect(await t.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id))).toEqual([]);
    expect((await ticketOf(other.company.id, me.number)).status).toBe('pending');
  });

  it('without ratings, closing sends the completion message', async () => {
    const ctx = await twoQueueSetup({}, { complationMessage: 'Thanks, {{firstName}}!' });
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('hi');
    const ticket = await ticketOf(ctx.company.id, me.number);
    await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    await me.received();
    await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'closed' });
    expect(await me.received()).toEqual(['Thanks, Maria!']);
  });
});

describe('groups and calls', () => {
  it('ignores group messages entirely while CheckMsgIsGroup is enabled', async () => {
    const { company: c, connection, api } = await twoQueueSetup({ CheckMsgIsGroup: 'enabled' });
    const member = customer(api, connection.id);
    await member.say('hi all', { groupId: '120363000000000001@g.us', groupName: 'Team' });
    expect(await t.db.select().from(tickets).where(eq(tickets.companyId, c.id))).toEqual([]);
  });

  it('opens group tickets when it is disabled, and the bot never answers them', async () => {
    const { company: c, connection, api } = await twoQueueSetup({ CheckMsgIsGroup: 'disabled' });
    const member = customer(api, connection.id);
    await member.say('hi all', { groupId: '120363000000000002@g.us', groupName: 'Team' });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, c.id));
    expect(ticket).toMatchObject({ isGroup: true, status: 'pending', queueId: null });
    const sent = (await api.get(`/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
    expect(sent).toEqual([]);
  });

  it('declines calls when calls are disabled: notice to the customer, call_log in the ticket', async () => {
    const { company: c, connection, api } = await twoQueueSetup({ call: 'disabled', messagesLanguage: 'es' });
    const me = customer(api, connection.id);
    expect(await me.call(true)).toMatchObject({ status: 'declined' });
    expect(await me.received()).toEqual([expect.stringMatching(/^Las llamadas de voz y video no se atienden/)]);
    const ticket = await ticketOf(c.id, me.number);
    const [log] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.mediaType, 'call_log')));
    expect(log).toMatchObject({ fromMe: false, body: 'Llamada de video rechazada' });
    // The call record does not start the queue bot.
    const outbox = (await api.get(`/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
    expect(outbox).toHaveLength(1);
  });

  it('lets calls ring when calls are allowed', async () => {
    const { company: c, connection, api } = await twoQueueSetup({ call: 'enabled' });
    const me = customer(api, connection.id);
    expect(await me.call()).toMatchObject({ status: 'ringing' });
    expect(await t.db.select().from(tickets).where(eq(tickets.companyId, c.id))).toEqual([]);
  });
});

describe('timers', () => {
  it('moves a queue-less pending ticket to the transfer queue after timeToTransfer minutes', async () => {
    const ctx = await company({ sendMsgTransfTicket: 'enabled' });
    const sales = await queue(ctx.api, { name: 'Sales' });
    const connection = await pairedSandbox(t, ctx.token, { timeToTransfer: 10, transferQueueId: sales.id });
    const me = customer(ctx.api, connection.id);
    await me.say('hi');
    try {
      clock.shiftMinutes = 9;
      await t.server.automation.runTimers();
      expect((await ticketOf(ctx.company.id, me.number)).queueId).toBeNull();
      clock.shiftMinutes = 11;
      await t.server.automation.runTimers();
      expect((await ticketOf(ctx.company.id, me.number)).queueId).toBe(sales.id);
      // (The once-a-minute cron job sweeps with the same clock and may be the one that moved it.)
      expect(await waitUntil(async () => (await me.received()).find((body) => body.includes('*Sales*')))).toBeTruthy();
      // Swept again: nothing happens twice.
      await t.server.automation.runTimers();
      expect(await me.received()).toEqual([]);
    } finally {
      clock.shiftMinutes = 0;
    }
  });

  // PGlite is an embedded database owned by one process: there is no second node to run on it.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a due timer fires exactly once when two server instances sweep one PostgreSQL database (skipped on PGlite: one process owns an embedded database)',
    async () => {
      const ctx = await company({ sendMsgTransfTicket: 'enabled' });
      const sales = await queue(ctx.api, { name: 'Sales' });
      const transferring = await pairedSandbox(t, ctx.token, { timeToTransfer: 10, transferQueueId: sales.id });
      const expiring = await pairedSandbox(t, ctx.token, {
        expiresTicket: 30,
        expiresInactiveMessage: 'Closed for inactivity.',
      });
      const waiting = customer(ctx.api, transferring.id);
      await waiting.say('hello?');
      const idle = customer(ctx.api, expiring.id);
      await idle.say('hi');
      const idleTicket = await ticketOf(ctx.company.id, idle.number);
      await ctx.api.put(`/api/tickets/${idleTicket.id}`, { status: 'open' });
      await ctx.api.post(`/api/messages/${idleTicket.id}`, { body: 'How can I help?' });
      const waitingTicket = await ticketOf(ctx.company.id, waiting.number);

      // A second node: its own pool on the same database, its own job queue, the same clock.
      const secondDatabase = await openPostgres(t.database.connectionString!);
      const second = await buildServer(t.config, secondDatabase, { logger: false }, { clock: now });
      await second.platform.jobs.start();
      const systemMessages = async (ticketId: number) =>
        t.db
          .select()
          .from(messages)
          .where(and(eq(messages.ticketId, ticketId), eq(messages.isSystem, true)));
      try {
        clock.shiftMinutes = 31;
        const sweeps = await Promise.all([
          t.server.automation.runTimers(),
          second.automation.runTimers(),
          t.server.automation.runTimers(),
          second.automation.runTimers(),
        ]);
        // Each node's once-a-minute cron job may sweep too: at most one sweep acts on each ticket.
        expect(sweeps.reduce((sum, sweep) => sum + sweep.moved, 0)).toBeLessThanOrEqual(1);
        expect(sweeps.reduce((sum, sweep) => sum + sweep.closed, 0)).toBeLessThanOrEqual(1);
        expect(await ticketOf(ctx.company.id, waiting.number)).toMatchObject({ queueId: sales.id, status: 'pending' });
        expect(await ticketOf(ctx.company.id, idle.number)).toMatchObject({ status: 'closed' });
        await Promise.all([t.server.automation.runTimers(), second.automation.runTimers()]);
        expect((await systemMessages(waitingTicket.id)).map((message) => message.body)).toEqual([
          '*Mensagem automática*:\nVocê foi transferido para o departamento *Sales*, aguarde que já vamos te atender!',
        ]);
        expect((await systemMessages(idleTicket.id)).map((message) => message.body)).toEqual([
          'Closed for inactivity.',
        ]);
      } finally {
        clock.shiftMinutes = 0;
        await second.stop();
        await secondDatabase.close();
      }
    },
  );

  it('after a restart, closes an idle open ticket whose last word was ours and moves a waiting one', async () => {
    const ctx = await company();
    const connection = await pairedSandbox(t, ctx.token, {
      expiresTicket: 30,
      expiresInactiveMessage: 'Closed for inactivity.',
    });
    const quiet = customer(ctx.api, connection.id);
    const talkative = customer(ctx.api, connection.id);
    for (const person of [quiet, talkative]) {
      await person.say('hi');
      const ticket = await ticketOf(ctx.company.id, person.number);
      await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
      await ctx.api.post(`/api/messages/${ticket.id}`, { body: 'How can I help?' });
    }
    await talkative.say('one moment');
    // And a queue-less pending ticket on a connection with a transfer timer.
    const sales = await queue(ctx.api, { name: 'Sales' });
    const transferring = await pairedSandbox(t, ctx.token, { timeToTransfer: 20, transferQueueId: sales.id });
    const waiting = customer(ctx.api, transferring.id);
    await waiting.say('hello?');

    // The timer's state is in the database: a new server on the same data, 31 minutes later, closes it.
    await t.server.stop();
    const second = await buildServer(
      t.config,
      t.database,
      { logger: false },
      {
        clock: () => new Date(Date.now() + 31 * 60_000),
      },
    );
    await second.start({ port: 0, host: '127.0.0.1' });
    try {
      // The minute's cron job of the new server may get there first: the end state is what counts.
      await second.automation.runTimers();
      expect((await ticketOf(ctx.company.id, waiting.number)).queueId).toBe(sales.id);
      const closed = await ticketOf(ctx.company.id, quiet.number);
      expect(closed).toMatchObject({ status: 'closed' });
      expect((await ticketOf(ctx.company.id, talkative.number)).status).toBe('open');
      const last = await waitUntil(async () => {
        const [found] = await t.db
          .select()
          .from(messages)
          .where(and(eq(messages.ticketId, closed.id), eq(messages.body, 'Closed for inactivity.')));
        return found;
      });
      expect(last).toMatchObject({ fromMe: true, isSystem: true });
      // pg-boss keeps the once-a-minute sweep in the database, one schedule for all nodes.
      const schedules = await t.database.executeSql(
        `select name, cron from pgboss.schedule where name = 'automation.timers'`,
        [],
      );
      expect(schedules.rows).toEqual([{ name: 'automation.timers', cron: '* * * * *' }]);
    } finally {
      await second.stop();
      t.server.stop = async () => undefined;
    }
  });
});
