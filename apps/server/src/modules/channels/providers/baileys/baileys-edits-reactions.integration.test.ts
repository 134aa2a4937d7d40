import type { MessageRecord } from '@wacrm/shared';
import { proto, type WAMessage } from 'baileys';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../../test/channels.ts';
import { expectEventually, joinRoom } from '../../../../../test/eventually.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../../../test/factories.ts';
import { startTestServer, type TestServer, waitFor } from '../../../../../test/test-server.ts';
import { messages, tickets } from '../../../../tables.ts';
import type { ChannelAdapter } from '../../channel-adapter.ts';
import { fakeSocketFactory, silentLogger } from './fake-baileys-socket.test-helper.ts';
import { createBaileysAdapter } from './index.ts';

/**
 * Issue 49 through Baileys, on its socket-level double: the customer's edits, revokes and
 * reactions as Baileys emits them change the thread once (also when WhatsApp delivers them
 * again), and the attendant's edit, reaction and delete reach `sendMessage` as Baileys expects.
 */
const { createSocket, latest } = fakeSocketFactory({ opensAtOnce: true });

let t: TestServer;
let baileys: ChannelAdapter | null = null;
beforeAll(async () => {
  const lateBaileys: ChannelAdapter = { provider: 'baileys', start: (...args) => baileys!.start(...args) };
  t = await startTestServer({}, { channels: { adapters: [lateBaileys] } });
  baileys = createBaileysAdapter({ db: t.db, logger: silentLogger(), createSocket });
});
afterAll(() => t.close());

const customerJid = '5511977776666@s.whatsapp.net';
const now = () => Math.floor(Date.now() / 1000);

function incoming(id: string, message: proto.IMessage, fromMe = false): WAMessage {
  return { key: { remoteJid: customerJid, fromMe, id }, messageTimestamp: now(), pushName: 'Bia', message };
}

/** A reaction as WhatsApp delivers it: a message of its own naming its target's key. */
function reaction(id: string, targetId: string, text: string, fromMe = false): WAMessage {
  return incoming(id, { reactionMessage: { key: { remoteJid: customerJid, id: targetId }, text } }, fromMe);
}

async function phoneWithTicket() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const connection = (await t.as(token).post('/api/whatsapp', { name: `Phone ${company.id}`, provider: 'baileys' }))
    .body;
  await waitUntil(async () => (await t.as(token).get(`/api/whatsapp/${connection.id}`)).body.status === 'CONNECTED');
  const socket = latest();
  socket.emit('messages.upsert', {
    type: 'notify',
    messages: [incoming(`IN-${company.id}`, { conversation: 'Oi, tudo bem?' })],
  });
  const ticket = await waitUntil(async () => {
    const [row] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    return row;
  });
  await t.as(token).put(`/api/tickets/${ticket.id}`, { status: 'open' });
  const view = t.connectSocket(token);
  await waitFor(view, 'connect');
  await joinRoom(view, 'joinChatBox', ticket.id);
  const updates: MessageRecord[] = [];
  view.on(`company-${company.id}-appMessage`, (event: { action: string; message: MessageRecord }) => {
    if (event.action === 'update') updates.push(event.message);
  });
  const stored = () => t.db.select().from(messages).where(eq(messages.companyId, company.id)).orderBy(asc(messages.id));
  return { company, token, api: t.as(token), socket, ticket, updates, stored, firstId: `IN-${company.id}` };
}

describe('Baileys: what the customer changes', () => {
  it('an edit from messages.update keeps the history and is applied once, however often delivered', async () => {
    const p = await phoneWithTicket();
    const edit = {
      key: { remoteJid: customerJid, fromMe: false, id: p.firstId },
      update: { message: { editedMessage: { message: { conversation: 'Oi, tudo ótimo?' } } } },
    };
    p.socket.emit('messages.update', [edit]);
    p.socket.emit('messages.update', [edit]);
    await expectEventually(async () => expect((await p.stored())[0].body).toBe('Oi, tudo ótimo?'));
    // A later change as a marker: updates arrive in order.
    p.socket.emit('messages.upsert', { type: 'notify', messages: [reaction('R-1', p.firstId, '🙂')] });
    await expectEventually(() => expect(p.updates.some((m) => m.reactions.length > 0)).toBe(true));
    expect(p.updates.filter((m) => m.isEdited && m.reactions.length === 0)).toHaveLength(1);
    expect((await p.stored())[0].editHistory).toEqual([{ body: 'Oi, tudo bem?', editedAt: expect.any(String) }]);
  });

  it('a revoke is applied once; a reaction is set, replaced, removed and never becomes a message', async () => {
    const p = await phoneWithTicket();
    const revoke = {
      key: { remoteJid: customerJid, fromMe: false, id: p.firstId },
      update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE },
    };
    p.socket.emit('messages.upsert', { type: 'notify', messages: [incoming('IN-2', { conversation: 'segunda' })] });
    await expectEventually(async () => expect(await p.stored()).toHaveLength(2));
    p.socket.emit('messages.update', [revoke, revoke]);
    await expectEventually(async () => expect((await p.stored())[0].isDeleted).toBe(true));

    const react = (id: string, text: string) =>
      p.socket.emit('messages.upsert', { type: 'notify', messages: [reaction(id, 'IN-2', text)] });
    react('R-1', '👍');
    react('R-1', '👍'); // redelivered
    react('R-2', '😮');
    await expectEventually(async () => {
      const thread = (await p.api.get(`/api/messages/${p.ticket.id}`)).body.messages as MessageRecord[];
      expect(thread[1].reactions.map((r) => r.emoji)).toEqual(['😮']);
    });
    react('R-3', '');
    await expectEventually(async () => {
      const thread = (await p.api.get(`/api/messages/${p.ticket.id}`)).body.messages as MessageRecord[];
      expect(thread[1].reactions).toEqual([]);
    });
    const second = () => p.updates.filter((m) => m.body === 'segunda');
    await expectEventually(() =>
      expect(second().map((m) => m.reactions.map((r) => r.emoji).join())).toEqual(['👍', '😮', '']),
    );
    expect(p.updates.filter((m) => m.isDeleted)).toHaveLength(1);
    // Reactions are no messages: still the two the customer wrote, and no unread count from them.
    expect(await p.stored()).toHaveLength(2);
    const [ticket] = await t.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, p.company.id), eq(tickets.id, p.ticket.id)));
    expect(ticket.lastMessage).toBe('segunda');
  });
});

describe('Baileys: what the attendant changes', () => {
  it('edits with { text, edit: key }, reacts with { react: { text, key } } and deletes with { delete: key }', async () => {
    const p = await phoneWithTicket();
    const sent = (await p.api.post(`/api/messages/${p.ticket.id}`, { body: 'Bom dia!' })).body as MessageRecord;
    const [, row] = await p.stored();
    const ourKey = { remoteJid: customerJid, id: row.externalId, fromMe: true };

    const edited = await p.api.put(`/api/messages/${sent.id}`, { body: 'Boa tarde!' });
    expect(edited).toMatchObject({ status: 200, body: { body: 'Boa tarde!', isEdited: true } });
    expect(p.socket.sendMessage.mock.lastCall).toEqual([customerJid, { text: 'Boa tarde!', edit: ourKey }]);

    const [customerMessage] = await p.stored();
    const reacted = await p.api.post(`/api/messages/${customerMessage.id}/reactions`, { emoji: '❤️' });
    expect(reacted.status).toBe(200);
    expect(p.socket.sendMessage.mock.lastCall).toEqual([
      customerJid,
      { react: { text: '❤️', key: { remoteJid: customerJid, id: p.firstId, fromMe: false } } },
    ]);
    // Our own reaction echoed back by WhatsApp changes nothing.
    // WhatsApp echoes our own reaction back under the id the send answered: not a change.
    const updatesBefore = p.updates.length;
    const sentReaction = await p.socket.sendMessage.mock.results.at(-1)!.value;
    p.socket.emit('messages.upsert', {
      type: 'notify',
      messages: [reaction(sentReaction.key.id, p.firstId, '❤️', true)],
    });
    await p.api.post(`/api/messages/${customerMessage.id}/reactions`, { emoji: '' });
    expect(p.socket.sendMessage.mock.lastCall?.[1]).toMatchObject({ react: { text: '' } });
    // Told: the reaction, then its removal; the echo in between was no change.
    await expectEventually(() => expect(p.updates.length).toBeGreaterThan(updatesBefore));
    const reactionsTold = () => p.updates.filter((m) => m.id === customerMessage.id);
    await expectEventually(() =>
      expect(reactionsTold().map((m) => m.reactions.map((r) => r.emoji).join())).toEqual(['❤️', '']),
    );

    const removed = await p.api.delete(`/api/messages/${sent.id}`);
    expect(removed.body).toMatchObject({ isDeleted: true });
    expect(p.socket.sendMessage.mock.lastCall).toEqual([customerJid, { delete: ourKey }]);
  });

  it('past 15 minutes an edit is refused before WhatsApp is asked', async () => {
    const p = await phoneWithTicket();
    const sent = (await p.api.post(`/api/messages/${p.ticket.id}`, { body: 'Olá' })).body as MessageRecord;
    const old = new Date(Date.now() - 15 * 60_000 - 1_000);
    await t.db.update(messages).set({ sentAt: old, createdAt: old }).where(eq(messages.id, sent.id));
    const calls = p.socket.sendMessage.mock.calls.length;
    const late = await p.api.put(`/api/messages/${sent.id}`, { body: 'Olá!' });
    expect(late).toMatchObject({ status: 409, body: { error: 'ERR_EDIT_WINDOW_CLOSED' } });
    expect(p.socket.sendMessage.mock.calls.length).toBe(calls);
  });

  it('a library failure keeps the old text and marks the message ERR_EDIT_WAPP_MSG', async () => {
    const p = await phoneWithTicket();
    const sent = (await p.api.post(`/api/messages/${p.ticket.id}`, { body: 'Até amanha' })).body as MessageRecord;
    p.socket.sendMessage.mockRejectedValueOnce(new Error('stream errored out'));
    const failed = await p.api.put(`/api/messages/${sent.id}`, { body: 'Até amanhã' });
    expect(failed).toMatchObject({ status: 502, body: { error: 'ERR_EDIT_WAPP_MSG' } });
    const [, row] = await p.stored();
    expect(row).toMatchObject({ body: 'Até amanha', isEdited: false, sendError: 'ERR_EDIT_WAPP_MSG' });
    await expectEventually(() =>
      expect(p.updates.some((m) => m.id === sent.id && m.sendError === 'ERR_EDIT_WAPP_MSG')).toBe(true),
    );
  });
});
