import { type SandboxOutboxEntry, searchCountCap, type TicketRecord, ticketCountCap } from '@wacrm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { joinRoom } from '../../../test/eventually.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { queryRows } from '../../platform/db/client.ts';
import { contacts, messages, queues, tickets, userQueues, whatsapps } from '../../tables.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const HALF_A_MINUTE = paced(30_000);
const ONE_MINUTE = paced(60_000);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Socket = ReturnType<TestServer['connectSocket']>;
type TicketEvent = { action: string; ticket?: TicketRecord; ticketId?: number };

let numberSequence = 0;
const nextNumber = () =>
  `55119${String(process.pid).slice(-3).padStart(3, '0')}${String(++numberSequence).padStart(5, '0')}`;

/** A company with an admin, two queues and three attendants (A, A with allTicket, B). */
async function office() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin', name: 'Admin' });
  const [queueA, queueB] = await t.db
    .insert(queues)
    .values([
      { companyId: company.id, name: 'Sales', color: '#111111' },
      { companyId: company.id, name: 'Billing', color: '#222222' },
    ])
    .returning();
  const userA = await buildUser(t.db, { companyId: company.id, name: 'Ana' });
  const userAll = await buildUser(t.db, { companyId: company.id, name: 'Alice', allTicket: 'enabled' });
  const userB = await buildUser(t.db, { companyId: company.id, name: 'Bruno' });
  await t.db.insert(userQueues).values([
    { userId: userA.id, queueId: queueA.id },
    { userId: userAll.id, queueId: queueA.id },
    { userId: userB.id, queueId: queueB.id },
  ]);
  const token = async (user: { email: string }) => (await t.login(user.email, TEST_PASSWORD)).token;
  return {
    company,
    queueA,
    queueB,
    admin: { ...admin, token: await token(admin) },
    userA: { ...userA, token: await token(userA) },
    userAll: { ...userAll, token: await token(userAll) },
    userB: { ...userB, token: await token(userB) },
  };
}

/** As an admin, through the settings API (which tells the settings cache). */
async function setSetting(adminToken: string, key: string, value: string) {
  expect((await t.as(adminToken).put(`/api/settings/${key}`, { value })).status).toBe(200);
}

/** A socket that joined the lists and the bell, recording every ticket event. */
async function listener(token: string, companyId: number, ticketRoom?: number) {
  const socket: Socket = t.connectSocket(token);
  await waitFor(socket, 'connect');
  const events: TicketEvent[] = [];
  const heard: string[] = [];
  socket.on(`company-${companyId}-ticket`, (event: TicketEvent) => events.push(event));
  socket.onAny((event: string) => heard.push(event));
  for (const status of ['open', 'pending', 'closed']) await joinRoom(socket, 'joinTickets', status);
  await joinRoom(socket, 'joinNotification');
  if (ticketRoom) await joinRoom(socket, 'joinChatBox', ticketRoom);
  return { socket, events, heard };
}

const eventFor = (events: TicketEvent[], match: (event: TicketEvent) => boolean, what = 'ticket event') =>
  waitUntil(async () => events.find(match), undefined, what);

/** A contact and a ticket written straight to the database (for list and visibility cases). */
async function seedTicket(
  companyId: number,
  values: Partial<typeof tickets.$inferInsert> & { name?: string; whatsappId?: number | null },
) {
  const { name = `Contact ${numberSequence}`, ...ticket } = values;
  const [contact] = await t.db.insert(contacts).values({ companyId, name, number: nextNumber() }).returning();
  const [row] = await t.db
    .insert(tickets)
    .values({ companyId, contactId: contact.id, status: 'pending', ...ticket })
    .returning();
  return row;
}

const ids = (body: { tickets: TicketRecord[] }) => body.tickets.map((ticket) => ticket.id).sort((a, b) => a - b);

describe('transitions', () => {
  it('accept, return, transfer, close, reopen: each with its state, events and automatic messages', {
    timeout: ONE_MINUTE,
  }, async () => {
    const o = await office();
    const connection = await pairedSandbox(t, o.admin.token);
    await t.db
      .update(whatsapps)
      .set({ complationMessage: 'Thanks for talking to us!' })
      .where(eq(whatsapps.id, connection.id));
    await setSetting(o.admin.token, 'sendGreetingAccepted', 'enabled');
    await setSetting(o.admin.token, 'sendMsgTransfTicket', 'enabled');
    const customer = '5511912340001';
    await t
      .as(o.admin.token)
      .post(`/api/sandbox/${connection.id}/inbound`, { from: customer, name: 'Maria', body: 'hi' });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.companyId, o.company.id));
    const url = `/api/tickets/${row.id}`;
    const admin = await listener(o.admin.token, o.company.id);
    const a = await listener(o.userA.token, o.company.id);
    const b = await listener(o.userB.token, o.company.id);
    const outbox = async () =>
      (await t.as(o.admin.token).get(`/api/sandbox/${connection.id}/outbox?to=${customer}`))
        .body as SandboxOutboxEntry[];

    // Admin routes it to queue A: pending, no user; A hears it, B does not.
    const routed = await t.as(o.admin.token).put(url, { queueId: o.queueA.id });
    expect(routed.body).toMatchObject({ status: 'pending', queueId: o.queueA.id, userId: null });
    await eventFor(a.events, (event) => event.ticket?.queueId === o.queueA.id);
    await eventFor(admin.events, (event) => event.ticket?.queueId === o.queueA.id);

    // Accept: open, assigned to the caller, greeting with the attendant's name.
    const accepted = await t.as(o.userA.token).put(url, { status: 'open' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'open', userId: o.userA.id, user: { name: 'Ana' } });
    await eventFor(a.events, (event) => event.action === 'update' && event.ticket?.status === 'open');
    await waitUntil(async () => (await outbox()).find((entry) => /meu nome é \*Ana\*/.test(entry.body)));

    // Return: pending, no user.
    const returned = await t.as(o.userA.token).put(url, { status: 'pending' });
    expect(returned.body).toMatchObject({ status: 'pending', userId: null, queueId: o.queueA.id });
    // The open list it left and the pending list it joined both hear it (old and new status rooms).
    await eventFor(
      a.events,
      (event) =>
        event.ticket?.status === 'pending' && event.ticket.userId === null && event.ticket.queueId === o.queueA.id,
    );
    await eventFor(admin.events, (event) => event.ticket?.status === 'pending' && event.ticket.queueId === o.queueA.id);

    // Transfer to queue B without a user: pending, no user; both lists hear it; notice sent.
    await t.as(o.userA.token).put(url, { status: 'open' });
    const transferred = await t.as(o.userA.token).put(url, { queueId: o.queueB.id });
    expect(transferred.body).toMatchObject({ status: 'pending', userId: null, queueId: o.queueB.id });
    await eventFor(a.events, (event) => event.ticket?.queueId === o.queueB.id, 'old queue hears the transfer');
    await eventFor(b.events, (event) => event.ticket?.queueId === o.queueB.id, 'new queue hears the transfer');
    await waitUntil(async () => (await outbox()).find((entry) => /departamento \*Billing\*/.test(entry.body)));
    // B heard it leave "no queue" for queue A (it could see it then), but nothing while it was in A.
    expect(b.events.some((event) => event.ticket?.queueId === o.queueA.id && event.ticket.status === 'open')).toBe(
      false,
    );
    // Ana may no longer open it.
    const refused = await t.as(o.userA.token).get(url);
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });

    // Transfer to a user keeps the status.
    const toUser = await t.as(o.admin.token).put(url, { userId: o.userB.id, queueId: o.queueB.id });
    expect(toUser.body).toMatchObject({ status: 'pending', userId: o.userB.id });

    // Close: user and queue kept, integration and prompt cleared, closedAt set, completion message.
    await t.db
      .update(tickets)
      .set({ useIntegration: true, integrationId: 3, promptId: 4 })
      .where(eq(tickets.id, row.id));
    await t.as(o.userB.token).put(url, { status: 'open' });
    const closed = await t.as(o.userB.token).put(url, { status: 'closed' });
    expect(closed.body).toMatchObject({
      status: 'closed',
      userId: o.userB.id,
      queueId: o.queueB.id,
      useIntegration: false,
      integrationId: null,
      promptId: null,
    });
    expect(closed.body.closedAt).toEqual(expect.any(String));
    await eventFor(b.events, (event) => event.ticket?.status === 'closed');
    await waitUntil(async () => (await outbox()).find((entry) => entry.body === 'Thanks for talking to us!'));
    // A closed ticket changes only by reopening.
    expect((await t.as(o.admin.token).put(url, { queueId: o.queueA.id })).status).toBe(400);

    // Reopen: open, queue kept, the caller assigned.
    const reopened = await t.as(o.userB.token).put(url, { status: 'open' });
    expect(reopened.body).toMatchObject({ status: 'open', queueId: o.queueB.id, userId: o.userB.id, closedAt: null });
    await eventFor(b.events, (event) => event.ticket?.status === 'open' && event.ticket.closedAt === null);
    await eventFor(admin.events, (event) => event.ticket?.status === 'open' && event.ticket.queueId === o.queueB.id);

    // Closed again; the customer writes: a new pending ticket; reopening the old one is refused.
    await t.as(o.userB.token).put(url, { status: 'closed' });
    await t.as(o.admin.token).post(`/api/sandbox/${connection.id}/inbound`, { from: customer, body: 'me again' });
    const conflict = await t.as(o.userB.token).put(url, { status: 'open' });
    expect(conflict.status).toBe(409);
    const active = (await t.db.select().from(tickets).where(eq(tickets.companyId, o.company.id))).find(
      (ticket) => ticket.status === 'pending',
    )!;
    expect(conflict.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: { ticket: { id: active.id, uuid: active.uuid, status: 'pending', userId: null, userName: null } },
    });
  });

  it('opening a ticket marks it read and tells the bell', { timeout: HALF_A_MINUTE }, async () => {
    const o = await office();
    const connection = await pairedSandbox(t, o.admin.token);
    for (const body of ['one', 'two']) {
      await t.as(o.admin.token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511912340002', body });
    }
    const [row] = await t.db.select().from(tickets).where(eq(tickets.companyId, o.company.id));
    expect(row.unreadMessages).toBe(2);
    // A ticket without a queue: for users with "see tickets without a queue" (allTicket).
    const bell = await listener(o.userAll.token, o.company.id);
    const read = await t.as(o.userAll.token).post(`/api/tickets/${row.id}/read`);
    expect(read.body).toEqual({ ticketId: row.id, unreadMessages: 0 });
    await eventFor(bell.events, (event) => event.action === 'updateUnread' && event.ticketId === row.id);
    const stored = await t.db.select().from(messages).where(eq(messages.ticketId, row.id));
    expect(stored.every((message) => message.read)).toBe(true);
    expect((await t.as(o.userAll.token).get(`/api/tickets/${row.id}`)).body.unreadMessages).toBe(0);
  });
});

describe('POST /api/tickets', () => {
  it('starts open on the default connection; a second one is ERR_OTHER_OPEN_TICKET with the ticket in the way', {
    timeout: HALF_A_MINUTE,
  }, async () => {
    const o = await office();
    const connection = await pairedSandbox(t, o.admin.token);
    const [contact] = await t.db
      .insert(contacts)
      .values({ companyId: o.company.id, name: 'Carla', number: nextNumber() })
      .returning();
    const created = await t.as(o.userA.token).post('/api/tickets', { contactId: contact.id, queueId: o.queueA.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'open',
      userId: o.userA.id,
      queueId: o.queueA.id,
      whatsappId: connection.id,
      contact: { name: 'Carla' },
    });
    const again = await t.as(o.admin.token).post('/api/tickets', { contactId: contact.id, whatsappId: connection.id });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      message: expect.any(String),
      details: {
        ticket: {
          id: created.body.id,
          uuid: created.body.uuid,
          userId: o.userA.id,
          userName: 'Ana',
          queueName: 'Sales',
          status: 'open',
        },
      },
    });
    // A non-admin creates only in their own queues; unknown references are refused.
    const [other] = await t.db
      .insert(contacts)
      .values({ companyId: o.company.id, name: 'Dora', number: nextNumber() })
      .returning();
    expect((await t.as(o.userA.token).post('/api/tickets', { contactId: other.id, queueId: o.queueB.id })).status).toBe(
      403,
    );
    expect((await t.as(o.userA.token).post('/api/tickets', { contactId: 999_999 })).body.error).toBe(
      'ERR_NO_CONTACT_FOUND',
    );
  });

  it('needs a connection: none at all is ERR_NO_DEF_WAPP_FOUND', async () => {
    const o = await office();
    const [contact] = await t.db
      .insert(contacts)
      .values({ companyId: o.company.id, name: 'Eva', number: nextNumber() })
      .returning();
    const answer = await t.as(o.admin.token).post('/api/tickets', { contactId: contact.id });
    expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_DEF_WAPP_FOUND' } });
  });
});

describe('visibility', () => {
  it('admin, attendant with and without allTicket, and another queue', async () => {
    const o = await office();
    const c = o.company.id;
    const t1 = await seedTicket(c, { queueId: o.queueA.id, status: 'pending' });
    const t2 = await seedTicket(c, { queueId: o.queueA.id, status: 'open', userId: o.userAll.id });
    const t3 = await seedTicket(c, { queueId: o.queueB.id, status: 'open', userId: o.userB.id });
    const t4 = await seedTicket(c, { queueId: null, status: 'pending' });
    const t5 = await seedTicket(c, { queueId: o.queueB.id, status: 'open', userId: o.userA.id });
    const t6 = await seedTicket(c, { queueId: o.queueA.id, status: 'open', userId: o.userA.id });
    const list = async (token: string, query = '') => ids((await t.as(token).get(`/api/tickets?${query}`)).body);

    expect(await list(o.admin.token, 'showAll=true')).toEqual([t1, t2, t3, t4, t5, t6].map((x) => x.id));
    expect(await list(o.admin.token, 'showAll=false')).toEqual([t1.id, t4.id]);
    expect(await list(o.admin.token, 'showAll=true&status=open')).toEqual([t2, t3, t5, t6].map((x) => x.id));
    // Without allTicket, show-all is ignored: own tickets plus pending ones of their queues, none without a queue.
    expect(await list(o.userA.token, 'showAll=true')).toEqual([t1, t5, t6].map((x) => x.id));
    expect(await list(o.userA.token, `showAll=true&queueIds=[${o.queueA.id}]`)).toEqual([t1, t6].map((x) => x.id));
    // With allTicket: everything of their queue, tickets without a queue, never another queue.
    expect(await list(o.userAll.token, 'showAll=true')).toEqual([t1.id, t2.id, t4.id, t6.id]);
    expect(await list(o.userAll.token, 'showAll=false')).toEqual([t1.id, t2.id, t4.id]);
    expect(await list(o.userAll.token, 'showAll=false&status=pending')).toEqual([t1.id, t4.id]);
    expect(await list(o.userB.token, 'showAll=true')).toEqual([t3.id]);
    // `users` is an admin filter.
    expect(await list(o.admin.token, `showAll=true&users=${o.userA.id}`)).toEqual([t5.id, t6.id]);
    expect(await list(o.userB.token, `showAll=true&users=[${o.userA.id}]`)).toEqual([t3.id]);
    expect(await list(o.admin.token, 'showAll=true&withUnreadMessages=true')).toEqual([]);
    // One tab without show-all: pending shows every pending ticket they may see, open and closed
    // only their own (the rule the attendant's index walks).
    const t7 = await seedTicket(c, { queueId: o.queueA.id, status: 'closed', userId: o.userAll.id });
    await seedTicket(c, { queueId: o.queueA.id, status: 'closed', userId: o.userA.id });
    expect(await list(o.userAll.token, 'showAll=false&status=open')).toEqual([t2.id]);
    expect(await list(o.userAll.token, 'showAll=false&status=closed')).toEqual([t7.id]);
    expect(await list(o.userA.token, 'status=open')).toEqual([t5.id, t6.id]);
    expect(await list(o.admin.token, 'showAll=false&status=pending')).toEqual([t1.id, t4.id]);
    expect(await list(o.admin.token, 'showAll=false&status=open')).toEqual([]);

    // Opening: another queue's ticket is 403; own ticket in another queue opens; no-queue tickets with allTicket.
    expect((await t.as(o.userA.token).get(`/api/tickets/${t3.id}`)).body.error).toBe('ERR_NO_PERMISSION');
    expect((await t.as(o.userA.token).get(`/api/tickets/u/${t3.uuid}`)).status).toBe(403);
    expect((await t.as(o.userAll.token).get(`/api/tickets/${t3.id}`)).status).toBe(403);
    expect((await t.as(o.userA.token).get(`/api/tickets/${t5.id}`)).status).toBe(200);
    expect((await t.as(o.userA.token).get(`/api/tickets/u/${t4.uuid}`)).status).toBe(403);
    expect((await t.as(o.userAll.token).get(`/api/tickets/u/${t4.uuid}`)).body.id).toBe(t4.id);
    expect((await t.as(o.userA.token).put(`/api/tickets/${t3.id}`, { status: 'closed' })).status).toBe(403);
  });

  it('list and bell events reach only users who may see the ticket', { timeout: HALF_A_MINUTE }, async () => {
    const o = await office();
    const connection = await pairedSandbox(t, o.admin.token);
    await t.as(o.admin.token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511912340003', body: 'hello' });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.companyId, o.company.id));
    await t.as(o.admin.token).put(`/api/tickets/${row.id}`, { queueId: o.queueA.id });
    const a = await listener(o.userA.token, o.company.id);
    const b = await listener(o.userB.token, o.company.id, row.id);
    await t.as(o.admin.token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511912340003', body: 'again' });
    await t.as(o.userA.token).put(`/api/tickets/${row.id}`, { status: 'open' });
    await eventFor(a.events, (event) => event.ticket?.status === 'open');
    await waitUntil(async () => a.heard.includes(`company-${o.company.id}-appMessage`), undefined, 'message event');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(b.heard.filter((event) => event.startsWith(`company-${o.company.id}-`))).toEqual([]);
  });
  it("a user's list rooms follow their queues when an admin changes them", async () => {
    const o = await office();
    const row = await seedTicket(o.company.id, { queueId: o.queueB.id, status: 'pending' });
    const a = await listener(o.userA.token, o.company.id);
    await t.as(o.admin.token).put(`/api/tickets/${row.id}`, { useIntegration: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.events).toEqual([]);
    const moved = await t.as(o.admin.token).put(`/api/users/${o.userA.id}`, {
      name: o.userA.name,
      email: o.userA.email,
      queueIds: [o.queueA.id, o.queueB.id],
    });
    // The answer comes once the user's sockets have re-joined their list rooms.
    expect(moved.status).toBe(200);
    await t.as(o.admin.token).put(`/api/tickets/${row.id}`, { useIntegration: false });
    await eventFor(a.events, (event) => event.ticket?.id === row.id, 'event after joining the queue');
  });
});

describe('list', () => {
  it('finds tickets by message text, contact name and number', async () => {
    const o = await office();
    const c = o.company.id;
    const byText = await seedTicket(c, { name: 'Zed', status: 'open', userId: o.admin.id });
    const byName = await seedTicket(c, { name: 'Fernanda Lima', status: 'open', userId: o.admin.id });
    const other = await seedTicket(c, { name: 'Nobody', status: 'open', userId: o.admin.id });
    await t.db.insert(messages).values([
      { companyId: c, ticketId: byText.id, body: 'My Invoice 2024-77 is wrong' },
      { companyId: c, ticketId: other.id, body: 'hello there' },
    ]);
    // Another company's identical text is never found.
    const stranger = await buildCompany(t.db);
    const strange = await seedTicket(stranger.id, { status: 'open' });
    await t.db.insert(messages).values({ companyId: stranger.id, ticketId: strange.id, body: 'invoice 2024-77' });
    const search = async (text: string) =>
      ids((await t.as(o.admin.token).get(`/api/tickets?showAll=true&searchParam=${encodeURIComponent(text)}`)).body);
    expect(await search('invoice 2024')).toEqual([byText.id]);
    expect(await search('fernanda')).toEqual([byName.id]);
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, other.contactId));
    expect(await search(contact.number.slice(-6))).toEqual([other.id]);
    // LIKE wildcards in the text are literal: `_` does not stand for the space, `%` for anything.
    expect(await search('invoice_2024')).toEqual([]);
    expect(await search('my%wrong')).toEqual([]);
  });

  it('matches names and message text the way users type them: without accents or with others', async () => {
    const o = await office();
    const c = o.company.id;
    const joao = await seedTicket(c, { name: 'João Conceição', status: 'open', userId: o.admin.id });
    const mensagem = await seedTicket(c, { name: 'Zed', status: 'open', userId: o.admin.id });
    await t.db
      .insert(messages)
      .values({ companyId: c, ticketId: mensagem.id, body: 'Preciso da SEGUNDA VIA do boleto, não chegou' });
    const search = async (text: string) =>
      ids((await t.as(o.admin.token).get(`/api/tickets?showAll=true&searchParam=${encodeURIComponent(text)}`)).body);
    expect(await search('joao')).toEqual([joao.id]);
    expect(await search('CONCEICAO')).toEqual([joao.id]);
    expect(await search('jóão')).toEqual([joao.id]);
    expect(await search('nao cheg')).toEqual([mensagem.id]);
    expect(await search('segunda vía')).toEqual([mensagem.id]);
  });

  it('pages a search once per ticket, newest first, whether it matched by name, by text or both', async () => {
    const o = await office();
    const c = o.company.id;
    const base = Date.now() - 3_600_000;
    const expected: number[] = [];
    for (let index = 0; index < 50; index++) {
      // Thirds: the name matches, a message matches, both match.
      const byName = index % 3 !== 1;
      const row = await seedTicket(c, {
        name: byName ? `Marta ${index}` : `Someone ${index}`,
        status: index % 2 ? 'open' : 'closed',
        userId: o.admin.id,
        updatedAt: new Date(base + index * 1000),
      });
      if (index % 3 !== 0) await t.db.insert(messages).values({ companyId: c, ticketId: row.id, body: 'about MARTA' });
      expected.unshift(row.id);
    }
    await seedTicket(c, { name: 'Unrelated', status: 'open', userId: o.admin.id });
    const get = async (query: string) =>
      (await t.as(o.admin.token).get(`/api/tickets?showAll=true&searchParam=marta&${query}`)).body;
    const first = await get('pageNumber=1');
    expect(first).toMatchObject({ count: 50, countCapped: false, hasMore: true });
    const second = await get('pageNumber=2');
    const byCursor = await get(`before=${encodeURIComponent(first.nextCursor)}`);
    const order = (body: { tickets: TicketRecord[] }) => body.tickets.map((ticket) => ticket.id);
    expect([...order(first), ...order(second)]).toEqual(expected);
    expect(order(byCursor)).toEqual(order(second));
    expect(second).toMatchObject({ count: 50, hasMore: false, nextCursor: null });
    // The first page counts from its own walk, a later one beside it: the same number either way.
    expect(byCursor).toMatchObject({ count: 50, countCapped: false });
  });

  it('counts up to the cap (a search to a smaller one) and says when there are more', async () => {
    const o = await office();
    const c = o.company.id;
    const [contact] = await t.db
      .insert(contacts)
      .values({ companyId: c, name: 'Many', number: nextNumber() })
      .returning();
    // Closed tickets of one contact: the one-active-ticket rule does not apply to them.
    await t.db.execute(sql`insert into tickets (company_id, contact_id, status, user_id)
      select ${c}, ${contact.id}, 'closed', ${o.admin.id} from generate_series(1, ${ticketCountCap + 5})`);
    const closed = (await t.as(o.admin.token).get('/api/tickets?status=closed&showAll=true')).body;
    expect(closed).toMatchObject({ count: ticketCountCap, countCapped: true, hasMore: true });
    expect(closed.tickets).toHaveLength(40);
    const searched = (await t.as(o.admin.token).get('/api/tickets?showAll=true&searchParam=many')).body;
    expect(searched).toMatchObject({ count: searchCountCap, countCapped: true, hasMore: true });
    expect(searched.tickets).toHaveLength(40);
    const open = (await t.as(o.admin.token).get('/api/tickets?status=open&showAll=true')).body;
    expect(open).toMatchObject({ count: 0, countCapped: false, hasMore: false });
    // Exactly the cap is a count, not "more".
    await t.db.execute(
      sql`delete from tickets where id in (select id from tickets where contact_id = ${contact.id} limit 5)`,
    );
    const atCap = (await t.as(o.admin.token).get('/api/tickets?status=closed&showAll=true')).body;
    expect(atCap).toMatchObject({ count: ticketCountCap, countCapped: false, hasMore: true });
    const later = (await t.as(o.admin.token).get(`/api/tickets?status=closed&showAll=true&pageNumber=3`)).body;
    expect(later).toMatchObject({ count: ticketCountCap, countCapped: false, hasMore: true });
  });

  it("counts a search's name and text matches once each, exactly up to the cap", async () => {
    const o = await office();
    const c = o.company.id;
    const [named, other] = await t.db
      .insert(contacts)
      .values([
        { companyId: c, name: 'Quasar Lima', number: nextNumber() },
        { companyId: c, name: 'Other', number: nextNumber() },
      ])
      .returning();
    const closedTickets = async (contactId: number, howMany: number) =>
      (
        await queryRows<{ id: number }>(
          t.db,
          sql`insert into tickets (company_id, contact_id, status, user_id)
              select ${c}, ${contactId}, 'closed', ${o.admin.id} from generate_series(1, ${howMany}) returning id`,
        )
      ).map((row) => Number(row.id));
    const mention = (ticketIds: number[]) =>
      t.db.insert(messages).values(ticketIds.map((ticketId) => ({ companyId: c, ticketId, body: 'about QUASAR' })));
    // 40 by name (10 of them by text too) and 60 by text alone: 100 tickets, the cap.
    const byName = await closedTickets(named.id, 40);
    await mention(byName.slice(0, 10));
    await mention(await closedTickets(other.id, 60));
    const search = async (page: number) =>
      (await t.as(o.admin.token).get(`/api/tickets?showAll=true&searchParam=quasar&pageNumber=${page}`)).body;
    expect(await search(1)).toMatchObject({ count: searchCountCap, countCapped: false, hasMore: true });
    expect(await search(3)).toMatchObject({ count: searchCountCap, countCapped: false, hasMore: false });

    await mention(await closedTickets(other.id, 1));
    expect(await search(1)).toMatchObject({ count: searchCountCap, countCapped: true, hasMore: true });
    expect(await search(2)).toMatchObject({ count: searchCountCap, countCapped: true, hasMore: true });
  });

  it('keyset pages stay stable while new messages move tickets to the top', async () => {
    const o = await office();
    const c = o.company.id;
    const base = Date.now() - 3_600_000;
    const all: number[] = [];
    for (let index = 0; index < 45; index++) {
      const row = await seedTicket(c, { status: 'open', userId: o.admin.id, updatedAt: new Date(base + index * 1000) });
      all.push(row.id);
    }
    const first = (await t.as(o.admin.token).get('/api/tickets?status=open')).body;
    expect(first).toMatchObject({ count: 45, hasMore: true });
    expect(first.tickets).toHaveLength(40);
    expect(first.tickets[0].id).toBe(all[44]);
    // A ticket of the next page gets a message: it moves to the top.
    const moved = all[2];
    await t.db.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, moved));
    const byOffset = (await t.as(o.admin.token).get('/api/tickets?status=open&pageNumber=2')).body;
    const byCursor = (
      await t.as(o.admin.token).get(`/api/tickets?status=open&before=${encodeURIComponent(first.nextCursor)}`)
    ).body;
    const firstIds = first.tickets.map((ticket: TicketRecord) => ticket.id);
    // OFFSET repeats a ticket of page 1; the cursor continues exactly after it.
    expect(byOffset.tickets.some((ticket: TicketRecord) => firstIds.includes(ticket.id))).toBe(true);
    expect(byCursor).toMatchObject({ hasMore: false, nextCursor: null });
    expect(byCursor.tickets.map((ticket: TicketRecord) => ticket.id)).toEqual([all[4], all[3], all[1], all[0]]);
    // The moved one is at the top of a fresh first page (the list learns it from the live event).
    expect((await t.as(o.admin.token).get('/api/tickets?status=open')).body.tickets[0].id).toBe(moved);
  });

  it('filters by tags (all of them), day and unread', async () => {
    const o = await office();
    const c = o.company.id;
    const { tags, ticketTags } = await import('../../tables.ts');
    const [red, blue] = await t.db
      .insert(tags)
      .values([
        { companyId: c, name: 'red', color: '#ff0000' },
        { companyId: c, name: 'blue', color: '#0000ff' },
      ])
      .returning();
    const both = await seedTicket(c, { status: 'open', userId: o.admin.id, unreadMessages: 2 });
    const onlyRed = await seedTicket(c, {
      status: 'open',
      userId: o.admin.id,
      createdAt: new Date('2024-03-05T12:00:00Z'),
    });
    await t.db.insert(ticketTags).values([
      { ticketId: both.id, tagId: red.id },
      { ticketId: both.id, tagId: blue.id },
      { ticketId: onlyRed.id, tagId: red.id },
    ]);
    const list = async (query: string) => (await t.as(o.admin.token).get(`/api/tickets?showAll=true&${query}`)).body;
    expect(ids(await list(`tags=[${red.id},${blue.id}]`))).toEqual([both.id]);
    expect(ids(await list(`tags=${red.id}`))).toEqual([both.id, onlyRed.id]);
    const tagged = (await list(`tags=${red.id}`)).tickets.find((ticket: TicketRecord) => ticket.id === both.id);
    expect(tagged.tags.map((tag: { name: string }) => tag.name)).toEqual(['blue', 'red']);
    expect(ids(await list('date=2024-03-05'))).toEqual([onlyRed.id]);
    expect(ids(await list('withUnreadMessages=true'))).toEqual([both.id]);
    expect((await t.as(o.admin.token).get('/api/tickets?tags=abc')).status).toBe(400);
  });
});

describe('tenancy and delete', () => {
  it("another company's ticket answers 404 by id and by uuid, and its events never arrive", async () => {
    const one = await office();
    const two = await office();
    const row = await seedTicket(one.company.id, { status: 'open', userId: one.admin.id });
    const spy = await listener(two.admin.token, one.company.id);
    const intruder = t.as(two.admin.token);
    const answers = [
      await intruder.get(`/api/tickets/${row.id}`),
      await intruder.get(`/api/tickets/u/${row.uuid}`),
      await intruder.put(`/api/tickets/${row.id}`, { status: 'closed' }),
      await intruder.post(`/api/tickets/${row.id}/read`),
      await intruder.delete(`/api/tickets/${row.id}`),
      await intruder.get('/api/tickets/u/not-a-uuid'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(ids((await intruder.get('/api/tickets?showAll=true')).body)).toEqual([]);
    await t.as(one.admin.token).put(`/api/tickets/${row.id}`, { status: 'pending' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(spy.heard.filter((event) => event.startsWith(`company-${one.company.id}-`))).toEqual([]);
    expect((await t.as(one.admin.token).get(`/api/tickets/${row.id}`)).body.status).toBe('pending');
  });

  it('only admins delete; the delete is announced', async () => {
    const o = await office();
    const row = await seedTicket(o.company.id, { status: 'open', userId: o.userA.id, queueId: o.queueA.id });
    const a = await listener(o.userA.token, o.company.id);
    expect((await t.as(o.userA.token).delete(`/api/tickets/${row.id}`)).body.error).toBe('ERR_NO_PERMISSION');
    const deleted = await t.as(o.admin.token).delete(`/api/tickets/${row.id}`);
    expect(deleted.status).toBe(200);
    await eventFor(a.events, (event) => event.action === 'delete' && event.ticketId === row.id);
    expect((await t.as(o.admin.token).get(`/api/tickets/${row.id}`)).status).toBe(404);
  });
});

describe('creation and transfer events, connection moves, other companies', () => {
  it('POST /tickets announces the new ticket to the lists that may show it', { timeout: HALF_A_MINUTE }, async () => {
    const o = await office();
    await pairedSandbox(t, o.admin.token);
    const [contact] = await t.db
      .insert(contacts)
      .values({ companyId: o.company.id, name: 'Fabi', number: nextNumber() })
      .returning();
    const admin = await listener(o.admin.token, o.company.id);
    const a = await listener(o.userA.token, o.company.id);
    const b = await listener(o.userB.token, o.company.id);
    const created = await t.as(o.userA.token).post('/api/tickets', { contactId: contact.id, queueId: o.queueA.id });
    expect(created.status).toBe(201);
    const isNew = (event: TicketEvent) => event.action === 'update' && event.ticket?.id === created.body.id;
    const heard = await eventFor(a.events, isNew, 'creator hears the new ticket');
    expect(heard.ticket).toMatchObject({ status: 'open', userId: o.userA.id, queueId: o.queueA.id });
    await eventFor(admin.events, isNew, 'admin hears the new ticket');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(b.events.some(isNew)).toBe(false);
  });

  it('a transfer to a user reaches that user (their room), and the lists it leaves', {
    timeout: HALF_A_MINUTE,
  }, async () => {
    const o = await office();
    const row = await seedTicket(o.company.id, { status: 'open', userId: o.userA.id, queueId: o.queueA.id });
    const a = await listener(o.userA.token, o.company.id);
    const b = await listener(o.userB.token, o.company.id);
    // Bruno is not in Sales: only the assignment lets him hear (and open) the ticket.
    const moved = await t.as(o.userA.token).put(`/api/tickets/${row.id}`, { userId: o.userB.id });
    expect(moved.body).toMatchObject({ status: 'open', userId: o.userB.id, queueId: o.queueA.id });
    const toB = (event: TicketEvent) => event.ticket?.id === row.id && event.ticket.userId === o.userB.id;
    await eventFor(b.events, toB, 'the new assignee hears it');
    await eventFor(a.events, toB, 'the queue it stays in hears it');
    expect((await t.as(o.userB.token).get(`/api/tickets/${row.id}`)).status).toBe(200);
  });

  it('moving a ticket to a connection where the contact already has one is ERR_OTHER_OPEN_TICKET', {
    timeout: HALF_A_MINUTE,
  }, async () => {
    const o = await office();
    const first = await pairedSandbox(t, o.admin.token);
    const second = await pairedSandbox(t, o.admin.token);
    const there = await seedTicket(o.company.id, {
      status: 'open',
      userId: o.userA.id,
      queueId: o.queueA.id,
      whatsappId: second.id,
    });
    const [here] = await t.db
      .insert(tickets)
      .values({ companyId: o.company.id, contactId: there.contactId, status: 'open', whatsappId: first.id })
      .returning();
    const moved = await t.as(o.admin.token).put(`/api/tickets/${here.id}`, { whatsappId: second.id });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: { ticket: { id: there.id, uuid: there.uuid, userId: o.userA.id, userName: 'Ana', queueName: 'Sales' } },
    });
    expect((await t.as(o.admin.token).get(`/api/tickets/${here.id}`)).body.whatsappId).toBe(first.id);
    // Once the other one is closed the move goes through.
    await t.as(o.admin.token).put(`/api/tickets/${there.id}`, { status: 'closed' });
    const retried = await t.as(o.admin.token).put(`/api/tickets/${here.id}`, { whatsappId: second.id });
    expect(retried).toMatchObject({ status: 200, body: { whatsappId: second.id } });
  });

  it("another company's contact, queue, connection and user are refused on create and transfer", {
    timeout: ONE_MINUTE,
  }, async () => {
    const one = await office();
    const two = await office();
    const mine = await pairedSandbox(t, one.admin.token);
    const theirs = await pairedSandbox(t, two.admin.token);
    const [contact] = await t.db
      .insert(contacts)
      .values({ companyId: one.company.id, name: 'Gabi', number: nextNumber() })
      .returning();
    const [foreignContact] = await t.db
      .insert(contacts)
      .values({ companyId: two.company.id, name: 'Outsider', number: nextNumber() })
      .returning();
    const create = (body: Record<string, unknown>) =>
      t.as(one.admin.token).post('/api/tickets', { contactId: contact.id, whatsappId: mine.id, ...body });

    const refusedCreates = [
      [await create({ contactId: foreignContact.id }), 'ERR_NO_CONTACT_FOUND'],
      [await create({ queueId: two.queueA.id }), 'ERR_VALIDATION'],
      [await create({ whatsappId: theirs.id }), 'ERR_NO_WAPP_FOUND'],
      [await create({ userId: two.userA.id }), 'ERR_USER_DONT_EXISTS'],
    ] as const;
    for (const [answer, code] of refusedCreates) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.error).toBe(code);
    }
    expect(await t.db.select().from(tickets).where(eq(tickets.contactId, contact.id))).toEqual([]);
    expect(await t.db.select().from(tickets).where(eq(tickets.contactId, foreignContact.id))).toEqual([]);

    const created = await create({ queueId: one.queueA.id });
    expect(created.status).toBe(201);
    const url = `/api/tickets/${created.body.id}`;
    const refusedTransfers = [
      [await t.as(one.admin.token).put(url, { queueId: two.queueB.id }), 'ERR_VALIDATION'],
      [await t.as(one.admin.token).put(url, { userId: two.userB.id, queueId: one.queueB.id }), 'ERR_USER_DONT_EXISTS'],
      [await t.as(one.admin.token).put(url, { userId: 2_000_000_000 }), 'ERR_USER_DONT_EXISTS'],
      [await t.as(one.admin.token).put(url, { whatsappId: theirs.id }), 'ERR_NO_WAPP_FOUND'],
    ] as const;
    for (const [answer, code] of refusedTransfers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.error).toBe(code);
    }
    expect((await t.as(one.admin.token).get(url)).body).toMatchObject({
      status: 'open',
      queueId: one.queueA.id,
      userId: one.admin.id,
      whatsappId: mine.id,
    });
  });
});
