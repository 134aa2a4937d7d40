import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox } from '../../../test/channels.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { messages } from '../../tables.ts';
import {
  company,
  createTestClock,
  customer,
  MAIN_MENU,
  queue,
  ticketOf,
  twoQueueSetup,
} from './automation.test-helpers.ts';

// The queue chatbot: the greeting menu, option trees, one or no queues, menu timing, message variables.

const clock = createTestClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { clock: clock.now });
});
afterAll(() => t.close());

describe('queue chatbot through the sandbox', () => {
  it('sends the greeting with the numbered queues and puts the ticket in the chosen one', async () => {
    const { company: c, connection, sales, api } = await twoQueueSetup(t);
    const me = customer(api, connection.id);
    await me.say('hello');
    expect(await me.received()).toEqual([MAIN_MENU]);
    await me.say('1');
    expect(await me.received()).toEqual(['Sales, hello Maria!']);
    const ticket = await ticketOf(t, c.id, me.number);
    expect(ticket).toMatchObject({ queueId: sales.id, status: 'pending', chatbot: false });
    const written = await t.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(written.filter((message) => message.fromMe).every((message) => message.isSystem)).toBe(true);
    expect(written.filter((message) => !message.fromMe).some((message) => message.isSystem)).toBe(false);
  });

  it('repeats the menu for invalid replies up to maxUseBotQueues, then stays quiet in pending', async () => {
    const { company: c, connection, api } = await twoQueueSetup(t, {}, { maxUseBotQueues: 2 });
    const me = customer(api, connection.id);
    await me.say('hi');
    await me.say('what?');
    await me.say('7');
    await me.say('hello??');
    expect(await me.received()).toEqual([MAIN_MENU, MAIN_MENU]);
    expect(await ticketOf(t, c.id, me.number)).toMatchObject({ status: 'pending', queueId: null, chatbot: false });
  });

  it('walks the option tree with 0 and #, and a leaf hands the ticket to attendants', async () => {
    const { company: c, connection, api, support } = await twoQueueSetup(t);
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
    expect(await ticketOf(t, c.id, me.number)).toMatchObject({
      queueId: support.id,
      chatbot: false,
      status: 'pending',
    });
  });

  it('never answers a contact excluded from bots, nor a ticket an attendant holds', async () => {
    const { company: c, connection, api } = await twoQueueSetup(t);
    const excluded = customer(api, connection.id);
    // The contact modal's "Exclude from bots" switch.
    const created = await api.post('/api/contacts', { name: 'VIP', number: excluded.number, disableBot: true });
    expect(created.body).toMatchObject({ disableBot: true });
    await excluded.say('hi');
    expect(await excluded.received()).toEqual([]);

    const held = customer(api, connection.id);
    await held.say('hi');
    await held.received();
    const ticket = await ticketOf(t, c.id, held.number);
    expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    await held.say('anyone?');
    expect(await held.received()).toEqual([]);
  });

  it('fills message variables in what attendants send', async () => {
    const { company: c, connection, api } = await twoQueueSetup(t, { timezone: 'UTC' });
    const me = customer(api, connection.id);
    await me.say('hi');
    await me.received();
    const ticket = await ticketOf(t, c.id, me.number);
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
      const ctx = await company(t, { sendGreetingMessageOneQueues: setting });
      const sales = await queue(ctx.api, { name: 'Sales', greetingMessage: queueGreeting });
      const connection = await pairedSandbox(t, ctx.token, { greetingMessage: 'Welcome!', queueIds: [sales.id] });
      const me = customer(ctx.api, connection.id);
      await me.say('hi');
      await me.say('hello?');
      expect(await me.received(), `${setting}, queue greeting "${queueGreeting}"`).toEqual(expected);
      expect(await ticketOf(t, ctx.company.id, me.number)).toMatchObject({
        queueId: sales.id,
        chatbot: false,
        status: 'pending',
      });
    }
  });

  it('no queues: the connection’s greeting once per ticket', async () => {
    const ctx = await company(t);
    const connection = await pairedSandbox(t, ctx.token, { greetingMessage: 'Hello {{firstName}}, welcome!' });
    const me = customer(ctx.api, connection.id);
    await me.say('hi');
    await me.say('anyone there?');
    await me.say('hello?');
    expect(await me.received()).toEqual(['Hello Maria, welcome!']);
    const first = await ticketOf(t, ctx.company.id, me.number);
    expect(first).toMatchObject({ queueId: null, status: 'pending' });
    await ctx.api.put(`/api/tickets/${first.id}`, { status: 'closed' });
    // A new conversation is a new ticket: greeted again, once.
    await me.say('me again');
    await me.say('hello?');
    expect(await me.received()).toEqual(['Hello Maria, welcome!']);
    expect((await ticketOf(t, ctx.company.id, me.number)).id).not.toBe(first.id);
  });
});

describe('menu timing', () => {
  it('timeUseBotQueues keeps an unanswered menu from being resent; a valid choice is still taken', async () => {
    const { company: c, connection, api, support } = await twoQueueSetup(t, {}, { timeUseBotQueues: 10 });
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
      expect(await ticketOf(t, c.id, me.number)).toMatchObject({ queueId: support.id, chatbot: true });
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
      const ctx = await company(t, { timezone, messagesLanguage: language });
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
