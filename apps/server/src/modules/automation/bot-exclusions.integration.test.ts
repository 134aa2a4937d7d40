import type { SandboxOutboxEntry } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { messages, ticketRatings, tickets } from '../../tables.ts';
import { customer, MAIN_MENU, systemMessagesOf, ticketOf, twoQueueSetup } from './automation.test-helpers.ts';

// What the bots leave alone: groups, echoes of our own messages, calls, contacts excluded from bots.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('what never triggers automation', () => {
  it('a group ticket gets no accept greeting and no completion message', async () => {
    const {
      company: c,
      connection,
      api,
    } = await twoQueueSetup(
      t,
      { CheckMsgIsGroup: 'disabled', sendGreetingAccepted: 'enabled' },
      { complationMessage: 'Thanks, bye!' },
    );
    const member = customer(api, connection.id);
    await member.say('hi all', { groupId: '120363000000000003@g.us', groupName: 'Team' });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, c.id));
    expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'open' })).body).toMatchObject({ status: 'open' });
    expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'closed' })).body).toMatchObject({ status: 'closed' });
    expect((await api.get(`/api/sandbox/${connection.id}/outbox`)).body).toEqual([]);
    const system = await systemMessagesOf(t, ticket.id);
    expect(system).toEqual([]);
  });

  it('an automatic message echoed back by the phone never triggers automation again', async () => {
    const { company: c, connection, api } = await twoQueueSetup(t);
    const me = customer(api, connection.id);
    await me.say('hi');
    const outbox = (await api.get(`/api/sandbox/${connection.id}/outbox?to=${me.number}`)).body as SandboxOutboxEntry[];
    expect(outbox.map((entry) => entry.body)).toEqual([MAIN_MENU]);
    await me.received();
    const before = await ticketOf(t, c.id, me.number);
    // WhatsApp reports what the company sent back to it (same id), and the phone may echo a digit
    // typed on it: neither is the customer's word.
    await me.say(MAIN_MENU, { fromMe: true, id: outbox[0].id });
    await me.say('1', { fromMe: true });
    // The outbox lists what the company's side sent, the phone's own '1' included; no bot answer.
    expect(await me.received()).toEqual(['1']);
    const after = await ticketOf(t, c.id, me.number);
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

describe('groups and calls', () => {
  it('ignores group messages entirely while CheckMsgIsGroup is enabled', async () => {
    const { company: c, connection, api } = await twoQueueSetup(t, { CheckMsgIsGroup: 'enabled' });
    const member = customer(api, connection.id);
    await member.say('hi all', { groupId: '120363000000000001@g.us', groupName: 'Team' });
    expect(await t.db.select().from(tickets).where(eq(tickets.companyId, c.id))).toEqual([]);
  });

  it('opens group tickets when it is disabled, and the bot never answers them', async () => {
    const { company: c, connection, api } = await twoQueueSetup(t, { CheckMsgIsGroup: 'disabled' });
    const member = customer(api, connection.id);
    await member.say('hi all', { groupId: '120363000000000002@g.us', groupName: 'Team' });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, c.id));
    expect(ticket).toMatchObject({ isGroup: true, status: 'pending', queueId: null });
    const sent = (await api.get(`/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
    expect(sent).toEqual([]);
  });

  it('declines calls when calls are disabled: notice to the customer, call_log in the ticket', async () => {
    const { company: c, connection, api } = await twoQueueSetup(t, { call: 'disabled', messagesLanguage: 'es' });
    const me = customer(api, connection.id);
    expect(await me.call(true)).toMatchObject({ status: 'declined' });
    expect(await me.received()).toEqual([expect.stringMatching(/^Las llamadas de voz y video no se atienden/)]);
    const ticket = await ticketOf(t, c.id, me.number);
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
    const { company: c, connection, api } = await twoQueueSetup(t, { call: 'enabled' });
    const me = customer(api, connection.id);
    expect(await me.call()).toMatchObject({ status: 'ringing' });
    expect(await t.db.select().from(tickets).where(eq(tickets.companyId, c.id))).toEqual([]);
  });
});

describe('contacts excluded from bots', () => {
  // spec (contact modal): "no automatic message reaches this contact; attendants' messages go as usual".
  it('get no automatic message at all, while attendants still reach them', async () => {
    const ctx = await twoQueueSetup(
      t,
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
    const ticket = await ticketOf(t, ctx.company.id, me.number);
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
    expect((await ticketOf(t, ctx.company.id, me.number)).id).not.toBe(ticket.id);
    expect(await t.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id))).toEqual([]);
    expect(await me.received()).toEqual([]);
    const system = await systemMessagesOf(t, ticket.id);
    expect(system).toEqual([]);
  });

  it('a switch turned on during a ticket silences the next automatic message', async () => {
    const ctx = await twoQueueSetup(t, {}, { complationMessage: 'Thanks, bye!' });
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('hi');
    expect(await me.received()).toEqual([MAIN_MENU]);
    const ticket = await ticketOf(t, ctx.company.id, me.number);
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
