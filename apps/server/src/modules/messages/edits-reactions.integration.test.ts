import type { MessageRecord, SandboxOutboxEntry, SandboxReaction, TicketRecord } from '@wacrm/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox } from '../../../test/channels.ts';
import { expectEventually, joinRoom } from '../../../test/eventually.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { messages, ticketRatings, tickets, webhookDeliveries } from '../../tables.ts';

// Issue 49 on the sandbox channel, through HTTP and real sockets: the customer edits, deletes and
// reacts (the sandbox API), attendants edit their own messages, react and delete; each change is
// announced once to the ticket's views and the webhooks, never to another company.

let t: TestServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestServer({ INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

let seed = 0;
const nextNumber = () => `55119${String(10_000_000 + Math.floor(Math.random() * 80_000_000) + ++seed).slice(0, 8)}`;

/** A company with an admin, an attendant, a sandbox connection and the customer's ticket, accepted by the attendant. */
async function conversation() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const attendant = await buildUser(t.db, { companyId: company.id, profile: 'user', allTicket: 'enabled' });
  const adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
  const userToken = (await t.login(attendant.email, TEST_PASSWORD)).token;
  const connection = await pairedSandbox(t, adminToken);
  const customer = nextNumber();
  const sandbox = (action: string, body: unknown) =>
    t.as(adminToken).post(`/api/sandbox/${connection.id}/${action}`, body);
  const first = await sandbox('inbound', {
    from: customer,
    name: 'Ana',
    body: 'I want the blue one',
    id: `IN-${company.id}-1`,
  });
  expect(first.status).toBe(200);
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
  expect((await t.as(userToken).put(`/api/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
  return {
    company,
    admin,
    attendant,
    adminToken,
    userToken,
    connection,
    customer,
    ticket,
    sandbox,
    firstId: first.body.id as string,
  };
}
type Conversation = Awaited<ReturnType<typeof conversation>>;

/** A socket in the ticket's room, recording every message update it hears. */
async function watcher(token: string, ticketId: number) {
  const socket: Socket = t.connectSocket(token);
  await waitFor(socket, 'connect');
  expect(await joinRoom(socket, 'joinChatBox', ticketId)).toBe(true);
  const updates: MessageRecord[] = [];
  const ticketEvents: TicketRecord[] = [];
  socket.onAny((event: string, payload: { action: string; message?: MessageRecord; ticket?: TicketRecord }) => {
    if (event.endsWith('-appMessage') && payload.action === 'update' && payload.message) updates.push(payload.message);
    if (event.endsWith('-ticket') && payload.ticket) ticketEvents.push(payload.ticket);
  });
  return { socket, updates, ticketEvents };
}

async function thread(token: string, ticketId: number) {
  const answer = await t.as(token).get(`/api/messages/${ticketId}`);
  expect(answer.status).toBe(200);
  return answer.body.messages as MessageRecord[];
}

const storedMessages = (companyId: number) =>
  t.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(asc(messages.id));

async function subscribeWebhooks(c: Conversation) {
  const path = `/edits-${c.company.id}`;
  const created = await t.as(c.adminToken).post('/api/webhooks', {
    url: receiver.url(path),
    events: ['message.updated', 'message.deleted', 'message.reaction', 'message.ack'],
  });
  expect(created.status).toBe(201);
}

/** The webhook deliveries stored for the company, by event (stored before a request is answered). */
async function deliveriesOf(companyId: number, eventType: string) {
  const rows = await t.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.eventType, eventType as never)))
    .orderBy(asc(webhookDeliveries.id));
  return rows.map((row) => JSON.parse(row.body) as { data: { message: MessageRecord; reaction?: unknown } });
}

describe('the customer edits, deletes and reacts (sandbox)', () => {
  it('an edit shows the new text, keeps the old one, is found by search and is told once, even redelivered', async () => {
    const c = await conversation();
    await subscribeWebhooks(c);
    const view = await watcher(c.userToken, c.ticket.id);
    const edit = { from: c.customer, id: c.firstId, body: 'I want the red one' };
    expect(await c.sandbox('edit', edit)).toMatchObject({ status: 200, body: { id: c.firstId } });
    // WhatsApp may deliver the same edit twice: nothing changes the second time.
    expect((await c.sandbox('edit', edit)).status).toBe(200);
    const [message] = await thread(c.userToken, c.ticket.id);
    expect(message).toMatchObject({ body: 'I want the red one', isEdited: true });
    expect(message.editHistory).toEqual([{ body: 'I want the blue one', editedAt: expect.any(String) }]);
    // A marker after the redelivery: events arrive in order, so one edit event means one.
    await c.sandbox('react', { from: c.customer, id: c.firstId, emoji: '👍' });
    await expectEventually(() => expect(view.updates.some((m) => m.reactions.length > 0)).toBe(true));
    expect(view.updates.filter((m) => m.isEdited && m.reactions.length === 0)).toHaveLength(1);
    expect(await deliveriesOf(c.company.id, 'message.updated')).toHaveLength(1);
    // No new message, no automation answer: the thread still has the one message; the ticket
    // list's preview shows the new text.
    expect(await storedMessages(c.company.id)).toHaveLength(1);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(ticket.lastMessage).toBe('I want the red one');
    const search = async (text: string) =>
      (await t.as(c.userToken).get(`/api/tickets?showAll=true&searchParam=${encodeURIComponent(text)}`)).body
        .tickets as TicketRecord[];
    expect((await search('red one')).map((found) => found.id)).toEqual([c.ticket.id]);
  });

  it('a delete for everyone hides the original from attendants, shows it greyed to admins, and is told once', async () => {
    const c = await conversation();
    await subscribeWebhooks(c);
    const media = { filename: 'secret.png', mimetype: 'image/png', base64: Buffer.from('png').toString('base64') };
    const photo = await c.sandbox('inbound', {
      from: c.customer,
      body: 'my card number 4242',
      media,
      id: `IN-${c.company.id}-2`,
    });
    const asAttendant = await watcher(c.userToken, c.ticket.id);
    const asAdmin = await watcher(c.adminToken, c.ticket.id);
    const revoke = { from: c.customer, id: photo.body.id };
    expect((await c.sandbox('revoke', revoke)).status).toBe(200);
    expect((await c.sandbox('revoke', revoke)).status).toBe(200);

    const [, seenByAttendant] = await thread(c.userToken, c.ticket.id);
    expect(seenByAttendant).toMatchObject({ isDeleted: true, body: '', mediaUrl: null, mediaName: null });
    const [, seenByAdmin] = await thread(c.adminToken, c.ticket.id);
    expect(seenByAdmin).toMatchObject({ isDeleted: true, body: 'my card number 4242', mediaType: 'image' });
    expect(seenByAdmin.mediaUrl).toBeTruthy();
    // Live, each profile hears its own version, once.
    await c.sandbox('react', { from: c.customer, id: c.firstId, emoji: '🙏' });
    for (const view of [asAttendant, asAdmin]) {
      await expectEventually(() => expect(view.updates.some((m) => m.reactions.length > 0)).toBe(true));
      expect(view.updates.filter((m) => m.isDeleted)).toHaveLength(1);
    }
    expect(asAttendant.updates.find((m) => m.isDeleted)).toMatchObject({ body: '', mediaUrl: null });
    expect(asAdmin.updates.find((m) => m.isDeleted)).toMatchObject({ body: 'my card number 4242' });
    expect(await deliveriesOf(c.company.id, 'message.deleted')).toHaveLength(1);
    // The ticket list's preview no longer shows the deleted text.
    expect((await t.db.select().from(tickets).where(eq(tickets.id, c.ticket.id)))[0].lastMessage).toBe('');
    // Search does not find a deleted original for those who may not read it.
    const search = async (token: string) =>
      ((await t.as(token).get('/api/tickets?showAll=true&searchParam=card%20number')).body.tickets as TicketRecord[])
        .length;
    expect(await search(c.userToken)).toBe(0);
    expect(await search(c.adminToken)).toBe(1);

    // The company decides: nobody, then everyone.
    const setVisibility = async (value: string) => {
      const answer = await t.as(c.adminToken).put('/api/settings/deletedMessagesVisibleTo', { value });
      expect(answer.status).toBe(200);
    };
    await setVisibility('nobody');
    expect((await thread(c.adminToken, c.ticket.id))[1]).toMatchObject({ body: '', mediaUrl: null });
    expect(await search(c.adminToken)).toBe(0);
    await setVisibility('everyone');
    expect((await thread(c.userToken, c.ticket.id))[1]).toMatchObject({ body: 'my card number 4242' });
    expect((await t.as(c.adminToken).put('/api/settings/deletedMessagesVisibleTo', { value: 'some' })).status).toBe(
      400,
    );
  });

  it('a new message quoting a deleted one goes live with the quote emptied for those who may not read it', async () => {
    const c = await conversation();
    const secret = await c.sandbox('inbound', { from: c.customer, body: 'my pin is 9911', id: `IN-${c.company.id}-q` });
    const [, stored] = await storedMessages(c.company.id);
    expect((await c.sandbox('revoke', { from: c.customer, id: secret.body.id })).status).toBe(200);
    const created = (view: Awaited<ReturnType<typeof watcher>>) => {
      const heard: MessageRecord[] = [];
      view.socket.onAny((event: string, payload: { action: string; message?: MessageRecord }) => {
        if (event.endsWith('-appMessage') && payload.action === 'create' && payload.message)
          heard.push(payload.message);
      });
      return heard;
    };
    const asAttendant = created(await watcher(c.userToken, c.ticket.id));
    const asAdmin = created(await watcher(c.adminToken, c.ticket.id));

    // The admin, who may read the original, quotes it; then the customer quotes it too.
    const reply = await t
      .as(c.adminToken)
      .post(`/api/messages/${c.ticket.id}`, { body: 'noted', quotedMsg: { id: stored.id } });
    expect(reply.status).toBe(201);
    await c.sandbox('inbound', {
      from: c.customer,
      body: 'that one',
      quotedId: secret.body.id,
      id: `IN-${c.company.id}-r`,
    });

    for (const heard of [asAttendant, asAdmin]) await expectEventually(() => expect(heard).toHaveLength(2));
    for (const message of asAttendant) expect(message.quotedMsg).toMatchObject({ id: stored.id, body: '' });
    for (const message of asAdmin) expect(message.quotedMsg).toMatchObject({ id: stored.id, body: 'my pin is 9911' });
  });

  it('the update that says a message left is its record as the thread then reads it, a deleted quote emptied for those who may not read it', async () => {
    // The update is built from the sent mark's row and what the send read before it, not read back.
    const c = await conversation();
    const secret = await c.sandbox('inbound', { from: c.customer, body: 'my card 4242', id: `IN-${c.company.id}-s` });
    const [, stored] = await storedMessages(c.company.id);
    expect((await c.sandbox('revoke', { from: c.customer, id: secret.body.id })).status).toBe(200);
    const views = [
      { token: c.userToken, view: await watcher(c.userToken, c.ticket.id), quote: '' },
      { token: c.adminToken, view: await watcher(c.adminToken, c.ticket.id), quote: 'my card 4242' },
    ];

    const reply = await t
      .as(c.adminToken)
      .post(`/api/messages/${c.ticket.id}`, { body: 'noted', quotedMsg: { id: stored.id } });
    expect(reply.status).toBe(201);

    for (const { token, view, quote } of views) {
      const sentUpdates = () => view.updates.filter((message) => message.id === reply.body.id);
      await expectEventually(() => expect(sentUpdates()).toHaveLength(1));
      const [sent] = sentUpdates();
      expect(sent).toMatchObject({ ack: 1, body: 'noted', quotedMsg: { id: stored.id, body: quote } });
      const read = (await thread(token, c.ticket.id)).find((message) => message.id === reply.body.id);
      expect(sent).toEqual(read);
    }
  });

  it('a reaction is set, replaced and removed, told once each, and reopens nothing nor counts as a reply', async () => {
    const c = await conversation();
    await subscribeWebhooks(c);
    // Rating on: a closed ticket waits for the customer's answer.
    expect((await t.as(c.adminToken).put('/api/settings/userRating', { value: 'enabled' })).status).toBe(200);
    expect((await t.as(c.userToken).put(`/api/tickets/${c.ticket.id}`, { status: 'closed' })).status).toBe(200);
    // The rating question goes out on closing: the ticket is read once it has.
    await expectEventually(async () => expect(await storedMessages(c.company.id)).toHaveLength(2));
    const [closed] = await t.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    const [firstMessage] = await storedMessages(c.company.id);
    const view = await watcher(c.adminToken, c.ticket.id);
    const react = (emoji: string) => c.sandbox('react', { from: c.customer, id: c.firstId, emoji });

    expect((await react('👍')).status).toBe(200);
    expect((await react('👍')).status).toBe(200);
    let [message] = await thread(c.adminToken, c.ticket.id);
    expect(message.reactions).toEqual([
      expect.objectContaining({ emoji: '👍', fromMe: false, contactId: c.ticket.contactId, name: 'Ana' }),
    ]);
    await react('❤️');
    [message] = await thread(c.adminToken, c.ticket.id);
    expect(message.reactions.map((reaction) => reaction.emoji)).toEqual(['❤️']);
    await react('');
    [message] = await thread(c.adminToken, c.ticket.id);
    expect(message.reactions).toEqual([]);

    const reactionUpdates = () => view.updates.filter((m) => m.id === firstMessage.id);
    await expectEventually(() => expect(reactionUpdates()).toHaveLength(3));
    expect(reactionUpdates().map((m) => m.reactions.map((reaction) => reaction.emoji).join())).toEqual(['👍', '❤️', '']);
    const told = await deliveriesOf(c.company.id, 'message.reaction');
    expect(told.map((event) => event.data.reaction)).toEqual([
      expect.objectContaining({ emoji: '👍', fromMe: false }),
      expect.objectContaining({ emoji: '❤️' }),
      expect.objectContaining({ emoji: '' }),
    ]);
    // The ticket did not move: still closed, no unread count, no new ticket, no rating, no ticket event.
    const all = await t.db.select().from(tickets).where(eq(tickets.companyId, c.company.id));
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      status: 'closed',
      unreadMessages: closed.unreadMessages,
      lastMessage: closed.lastMessage,
      updatedAt: closed.updatedAt,
    });
    expect(await t.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, c.ticket.id))).toEqual([]);
    expect(view.ticketEvents).toEqual([]);
  });

  it('acts only on messages of the customer’s chat; edits and deletes only their own', async () => {
    const c = await conversation();
    const sent = await t.as(c.userToken).post(`/api/messages/${c.ticket.id}`, { body: 'Hello Ana' });
    const ours = (await storedMessages(c.company.id)).find((row) => row.id === sent.body.id)!;
    // The company's message: the customer may react to it, not edit or delete it.
    expect((await c.sandbox('edit', { from: c.customer, id: ours.externalId, body: 'x' })).status).toBe(404);
    expect((await c.sandbox('revoke', { from: c.customer, id: ours.externalId })).status).toBe(404);
    expect((await c.sandbox('react', { from: c.customer, id: ours.externalId, emoji: '😂' })).status).toBe(200);
    // Another customer, an unknown id, bad input.
    expect((await c.sandbox('edit', { from: nextNumber(), id: c.firstId, body: 'x' })).status).toBe(404);
    expect((await c.sandbox('react', { from: c.customer, id: 'NOPE', emoji: '😂' })).status).toBe(404);
    expect((await c.sandbox('react', { from: c.customer, id: c.firstId, emoji: 'ok' })).body).toMatchObject({
      error: 'ERR_VALIDATION',
    });
    expect((await c.sandbox('edit', { from: c.customer, id: c.firstId, body: '   ' })).status).toBe(400);
    const reacted = (await thread(c.userToken, c.ticket.id)).find((m) => m.id === sent.body.id)!;
    expect(reacted.reactions).toEqual([expect.objectContaining({ emoji: '😂', fromMe: false })]);
  });
});

describe('groups (sandbox)', () => {
  it('each member has their own reaction; only the author edits their message', async () => {
    const c = await conversation();
    expect((await t.as(c.adminToken).put('/api/settings/CheckMsgIsGroup', { value: 'disabled' })).status).toBe(200);
    const group = { groupId: `1203630${c.company.id}@g.us`, groupName: 'Equipe' };
    const [ana, bruno] = [nextNumber(), nextNumber()];
    const posted = await c.sandbox('inbound', { ...group, from: ana, name: 'Ana', body: 'reunião às 10' });
    expect(posted.status).toBe(200);
    const react = (from: string, emoji: string) => c.sandbox('react', { ...group, from, id: posted.body.id, emoji });
    expect((await react(ana, '👍')).status).toBe(200);
    expect((await react(bruno, '🎉')).status).toBe(200);
    expect((await react(bruno, '🎉')).status).toBe(200);
    // Only Ana wrote it: Bruno cannot edit it.
    expect((await c.sandbox('edit', { ...group, from: bruno, id: posted.body.id, body: 'às 11' })).status).toBe(404);
    expect((await c.sandbox('edit', { ...group, from: ana, id: posted.body.id, body: 'reunião às 11' })).status).toBe(
      200,
    );
    const row = (await storedMessages(c.company.id)).find((message) => message.externalId === posted.body.id)!;
    const [groupTicket] = await t.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
    const [message] = await thread(c.adminToken, groupTicket.id);
    expect(message).toMatchObject({ body: 'reunião às 11', isEdited: true });
    expect(message.reactions.map((reaction) => [reaction.emoji, reaction.fromMe])).toEqual([
      ['👍', false],
      ['🎉', false],
    ]);
  });
});

describe('the attendant edits, reacts and deletes (sandbox)', () => {
  async function sentBy(c: Conversation, token: string, body: string) {
    const answer = await t.as(token).post(`/api/messages/${c.ticket.id}`, { body });
    expect(answer.status).toBe(201);
    return answer.body as MessageRecord;
  }
  const outbox = async (c: Conversation) =>
    (await t.as(c.adminToken).get(`/api/sandbox/${c.connection.id}/outbox`)).body as SandboxOutboxEntry[];

  it('edits their own text message within 15 minutes: the customer sees it, the thread keeps the history', async () => {
    const c = await conversation();
    await subscribeWebhooks(c);
    const view = await watcher(c.adminToken, c.ticket.id);
    const sent = await sentBy(c, c.userToken, 'Helo, how can I help?');
    const edited = await t.as(c.userToken).put(`/api/messages/${sent.id}`, { body: 'Hello, how can I help?' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Hello, how can I help?', isEdited: true, sendError: null });
    expect(edited.body.editHistory).toEqual([{ body: 'Helo, how can I help?', editedAt: expect.any(String) }]);
    expect((await outbox(c)).find((entry) => entry.seq === sent.id)).toMatchObject({
      body: 'Hello, how can I help?',
      edited: true,
    });
    await expectEventually(() => expect(view.updates.some((m) => m.id === sent.id && m.isEdited)).toBe(true));
    expect(await deliveriesOf(c.company.id, 'message.updated')).toHaveLength(1);
    // The same text again changes nothing.
    expect(
      (await t.as(c.userToken).put(`/api/messages/${sent.id}`, { body: 'Hello, how can I help?' })).body.editHistory,
    ).toHaveLength(1);
  });

  it('refuses edits of others’ messages, customers’ messages, media, blank text and after the window', async () => {
    const c = await conversation();
    const byAdmin = await sentBy(c, c.adminToken, 'Admin here');
    const edit = (token: string, id: number, body: unknown) => t.as(token).put(`/api/messages/${id}`, body);
    expect((await edit(c.userToken, byAdmin.id, { body: 'mine now' })).body).toMatchObject({
      error: 'ERR_EDIT_NOT_OWN',
    });
    expect((await edit(c.userToken, byAdmin.id, { body: 'mine now' })).status).toBe(403);
    const [customerMessage] = await storedMessages(c.company.id);
    expect((await edit(c.adminToken, customerMessage.id, { body: 'x' })).body).toMatchObject({
      error: 'ERR_EDIT_NOT_OWN',
    });
    const mine = await sentBy(c, c.userToken, 'typo');
    expect((await edit(c.userToken, mine.id, { body: '  ' })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await edit(c.userToken, mine.id, {})).status).toBe(400);
    // Sent 16 minutes ago: WhatsApp no longer takes an edit.
    await t.db
      .update(messages)
      .set({ sentAt: new Date(Date.now() - 16 * 60_000), createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(messages.id, mine.id));
    const late = await edit(c.userToken, mine.id, { body: 'fixed' });
    expect(late).toMatchObject({ status: 409, body: { error: 'ERR_EDIT_WINDOW_CLOSED' } });
    expect((await storedMessages(c.company.id)).find((row) => row.id === mine.id)?.body).toBe('typo');
  });

  it('a failed edit keeps the old text and marks the bubble; a later edit that works clears it', async () => {
    const c = await conversation();
    const sent = await sentBy(c, c.userToken, 'See you tomorow');
    // The phone logs out: the edit cannot reach WhatsApp.
    await t.as(c.adminToken).post(`/api/sandbox/${c.connection.id}/disconnect`);
    const failed = await t.as(c.userToken).put(`/api/messages/${sent.id}`, { body: 'See you tomorrow' });
    expect(failed).toMatchObject({ status: 409, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    const kept = (await thread(c.userToken, c.ticket.id)).find((m) => m.id === sent.id)!;
    expect(kept).toMatchObject({
      body: 'See you tomorow',
      isEdited: false,
      sendError: 'ERR_EDIT_WAPP_MSG',
      failed: false,
    });
    await t.as(c.adminToken).post(`/api/whatsappsession/${c.connection.id}`);
    await expectEventually(async () =>
      expect((await t.as(c.adminToken).get(`/api/whatsapp/${c.connection.id}`)).body.status).toBe('qrcode'),
    );
    await t.as(c.adminToken).post(`/api/sandbox/${c.connection.id}/scan`);
    await expectEventually(async () =>
      expect((await t.as(c.adminToken).get(`/api/whatsapp/${c.connection.id}`)).body.status).toBe('CONNECTED'),
    );
    const retried = await t.as(c.userToken).put(`/api/messages/${sent.id}`, { body: 'See you tomorrow' });
    expect(retried.body).toMatchObject({ body: 'See you tomorrow', isEdited: true, sendError: null });
  });

  it('reacts to any message, changes and removes the reaction; the customer’s phone shows it', async () => {
    const c = await conversation();
    await subscribeWebhooks(c);
    const [customerMessage] = await storedMessages(c.company.id);
    const react = (emoji: unknown) =>
      t.as(c.userToken).post(`/api/messages/${customerMessage.id}/reactions`, { emoji });
    const first = await react('👍');
    expect(first.status).toBe(200);
    expect(first.body.reactions).toEqual([
      expect.objectContaining({ emoji: '👍', fromMe: true, userId: c.attendant.id, name: c.attendant.name }),
    ]);
    const phone = async () =>
      (await t.as(c.adminToken).get(`/api/sandbox/${c.connection.id}/reactions?to=${c.customer}`))
        .body as SandboxReaction[];
    expect(await phone()).toEqual([expect.objectContaining({ id: c.firstId, emoji: '👍' })]);
    // One reaction per number: an admin's replaces the attendant's.
    const changed = await t.as(c.adminToken).post(`/api/messages/${customerMessage.id}/reactions`, { emoji: '👨‍👩‍👧' });
    expect(changed.body.reactions).toEqual([expect.objectContaining({ emoji: '👨‍👩‍👧', userId: c.admin.id })]);
    expect((await react('')).body.reactions).toEqual([]);
    expect(await phone()).toEqual([]);
    expect((await deliveriesOf(c.company.id, 'message.reaction')).map((event) => event.data.reaction)).toEqual([
      expect.objectContaining({ emoji: '👍', fromMe: true, userId: c.attendant.id }),
      expect.objectContaining({ emoji: '👨‍👩‍👧', userId: c.admin.id }),
      expect.objectContaining({ emoji: '' }),
    ]);
    for (const bad of ['ok', '👍👍', 'a'.repeat(40), 5]) {
      expect((await react(bad)).body, String(bad)).toMatchObject({ error: 'ERR_VALIDATION' });
    }
  });

  it('deletes their message for everyone: the phone shows it deleted and webhooks say message.deleted once', async () => {
    const c = await conversation();
    await subscribeWebhooks(c);
    const sent = await sentBy(c, c.userToken, 'Wrong customer, sorry');
    const removed = await t.as(c.userToken).delete(`/api/messages/${sent.id}`);
    expect(removed.body).toMatchObject({ id: sent.id, isDeleted: true });
    expect((await t.as(c.userToken).delete(`/api/messages/${sent.id}`)).status).toBe(200);
    expect((await outbox(c)).find((entry) => entry.seq === sent.id)).toMatchObject({ deleted: true });
    expect(await deliveriesOf(c.company.id, 'message.deleted')).toHaveLength(1);
    // A deleted message takes no edit and no reaction.
    expect((await t.as(c.userToken).put(`/api/messages/${sent.id}`, { body: 'x' })).body).toMatchObject({
      error: 'ERR_MESSAGE_DELETED',
    });
    expect((await t.as(c.userToken).post(`/api/messages/${sent.id}/reactions`, { emoji: '👍' })).body).toMatchObject({
      error: 'ERR_MESSAGE_DELETED',
    });
  });
});

describe('tenancy', () => {
  it('another company’s user gets 404 on every change and hears none of them', async () => {
    const c = await conversation();
    const stranger = await conversation();
    const strangerView = t.connectSocket(stranger.adminToken);
    await waitFor(strangerView, 'connect');
    const heard: string[] = [];
    strangerView.onAny((event: string) => heard.push(event));
    // Joining the other company's ticket room is refused.
    expect(await joinRoom(strangerView, 'joinChatBox', c.ticket.id)).toBe(false);

    const sent = (await t.as(c.userToken).post(`/api/messages/${c.ticket.id}`, { body: 'Hi' })).body as MessageRecord;
    const as = t.as(stranger.adminToken);
    const attempts = {
      edit: await as.put(`/api/messages/${sent.id}`, { body: 'hijacked' }),
      'edit, bad body': await as.put(`/api/messages/${sent.id}`, { body: '' }),
      react: await as.post(`/api/messages/${sent.id}/reactions`, { emoji: '💀' }),
      'react, bad emoji': await as.post(`/api/messages/${sent.id}/reactions`, { emoji: 'not an emoji' }),
      delete: await as.delete(`/api/messages/${sent.id}`),
    };
    for (const [what, answer] of Object.entries(attempts)) {
      expect({ what, status: answer.status, error: answer.body.error }).toEqual({
        what,
        status: 404,
        error: 'ERR_NOT_FOUND',
      });
    }
    // Nor through another company's sandbox connection.
    expect((await stranger.sandbox('react', { from: c.customer, id: c.firstId, emoji: '💀' })).status).toBe(404);
    expect(
      (
        await t
          .as(stranger.adminToken)
          .post(`/api/sandbox/${c.connection.id}/react`, { from: c.customer, id: c.firstId, emoji: '💀' })
      ).status,
    ).toBe(404);

    // The owner's own changes are not heard by the stranger.
    const view = await watcher(c.adminToken, c.ticket.id);
    await t.as(c.userToken).put(`/api/messages/${sent.id}`, { body: 'Hi there' });
    const sentRow = (await storedMessages(c.company.id)).find((row) => row.id === sent.id)!;
    await c.sandbox('react', { from: c.customer, id: sentRow.externalId, emoji: '👍' });
    await c.sandbox('revoke', { from: c.customer, id: c.firstId });
    await expectEventually(() => expect(view.updates.length).toBeGreaterThanOrEqual(3));
    expect((await storedMessages(c.company.id)).find((row) => row.id === sent.id)?.body).toBe('Hi there');
    expect(heard.filter((event) => event.includes(`company-${c.company.id}`))).toEqual([]);
  });
});
