import { randomBytes } from 'node:crypto';
import type { MessageRecord } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../../test/channels.ts';
import { cloudApiKit, startCloudApiServer } from '../../../../../test/cloud-api.ts';
import { expectEventually, joinRoom } from '../../../../../test/eventually.ts';
import { type FakeGraphApi, textMessage, webhookBody } from '../../../../../test/fake-graph-api.ts';
import { type TestServer, waitFor } from '../../../../../test/test-server.ts';
import { tickets } from '../../../../tables.ts';

// Issue 47's last part and issue 49 on the Cloud API, through the fake Graph API: the customer's
// reactions (Meta's `reaction` messages, no emoji = removed) and deletes (`revoke`, coexistence
// numbers) change the thread once however often Meta delivers them; the company reacts with a
// `reaction` message; edits and deletes for everyone, which Meta's API lacks, answer 422.

let t: TestServer;
let graph: FakeGraphApi;
let cloud: Awaited<ReturnType<typeof startCloudApiServer>>;
beforeAll(async () => {
  cloud = await startCloudApiServer();
  t = cloud.server;
  graph = cloud.graph;
});
afterAll(() => cloud.close());

const { cloudConnection, postWebhook, storedMessages, openTicketFrom } = cloudApiKit(
  () => t,
  () => graph,
);

const customer = () => `55119${String(10_000_000 + (randomBytes(4).readUInt32BE(0) % 89_999_999))}`;
const wamid = () => `wamid.${randomBytes(12).toString('hex')}`;

function reactionMessage(from: string, targetId: string, emoji?: string, id = wamid()) {
  return {
    from,
    id,
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: 'reaction',
    reaction: { message_id: targetId, ...(emoji !== undefined ? { emoji } : {}) },
  };
}

/** A socket in the ticket's room, recording the message updates it hears. */
async function watcher(token: string, ticketId: number) {
  const socket = t.connectSocket(token);
  await waitFor(socket, 'connect');
  await joinRoom(socket, 'joinChatBox', ticketId);
  const updates: MessageRecord[] = [];
  socket.onAny((event: string, payload: { action?: string; message?: MessageRecord }) => {
    if (event.endsWith('-appMessage') && payload.action === 'update' && payload.message) updates.push(payload.message);
  });
  return updates;
}

async function threadOf(api: Awaited<ReturnType<typeof cloudConnection>>['api'], ticketId: number) {
  return (await api.get(`/api/messages/${ticketId}`)).body.messages as MessageRecord[];
}

describe('Cloud API: the customer reacts and deletes', () => {
  it('a reaction is set, replaced and removed (no emoji), once per change, and is never a message', async () => {
    const connection = await cloudConnection();
    const { number, webhookPath, company, api, token } = connection;
    const from = customer();
    const ticket = await openTicketFrom(connection, from, 'Quero um orçamento');
    const [target] = await storedMessages(company.id);
    const updates = await watcher(token, ticket.id);
    const send = (message: unknown) =>
      postWebhook(webhookPath, number.appSecret, webhookBody(number, { messages: [message] }));

    const thumbs = reactionMessage(from, target.externalId!, '👍');
    expect((await send(thumbs)).statusCode).toBe(200);
    expect((await send(thumbs)).statusCode).toBe(200); // Meta delivers again
    let [message] = await threadOf(api, ticket.id);
    expect(message.reactions).toEqual([
      expect.objectContaining({ emoji: '👍', fromMe: false, contactId: ticket.contactId }),
    ]);
    await send(reactionMessage(from, target.externalId!, '🎉'));
    [message] = await threadOf(api, ticket.id);
    expect(message.reactions.map((reaction) => reaction.emoji)).toEqual(['🎉']);
    await send(reactionMessage(from, target.externalId!));
    [message] = await threadOf(api, ticket.id);
    expect(message.reactions).toEqual([]);
    // Told once per change: the redelivery was no change.
    await expectEventually(() =>
      expect(updates.map((update) => update.reactions.map((reaction) => reaction.emoji).join())).toEqual([
        '👍',
        '🎉',
        '',
      ]),
    );
    // Still one message and one ticket; a reaction to a message the company never had is ignored.
    await send(reactionMessage(from, wamid(), '😀'));
    expect(await storedMessages(company.id)).toHaveLength(1);
    expect(await t.db.select().from(tickets).where(eq(tickets.companyId, company.id))).toHaveLength(1);
  });

  it('a revoke (coexistence numbers) marks the message deleted once', async () => {
    const connection = await cloudConnection();
    const { number, webhookPath, company, api } = connection;
    const from = customer();
    const ticket = await openTicketFrom(connection, from, 'apaga isso');
    const [target] = await storedMessages(company.id);
    const revoke = { ...textMessage(from, ''), type: 'revoke', revoke: { original_message_id: target.externalId } };
    delete (revoke as { text?: unknown }).text;
    const body = webhookBody(number, { messages: [revoke] });
    expect((await postWebhook(webhookPath, number.appSecret, body)).statusCode).toBe(200);
    expect((await postWebhook(webhookPath, number.appSecret, body)).statusCode).toBe(200);
    expect((await storedMessages(company.id))[0]).toMatchObject({ isDeleted: true, body: 'apaga isso' });
    // The admin (the default setting's reader) still reads it, greyed out by the web app.
    expect((await threadOf(api, ticket.id))[0]).toMatchObject({ isDeleted: true, body: 'apaga isso' });
  });
});

describe('Cloud API: the attendant reacts; edits and deletes are not Meta’s', () => {
  it('reacts with a reaction message, removes it with an empty emoji; edit and delete answer 422', async () => {
    const connection = await cloudConnection();
    const { number, company, api } = connection;
    const from = customer();
    const ticket = await openTicketFrom(connection, from, 'Bom dia');
    const [target] = await storedMessages(company.id);

    const reacted = await api.post(`/api/messages/${target.id}/reactions`, { emoji: '🙏' });
    expect(reacted.status).toBe(200);
    expect(reacted.body.reactions).toEqual([expect.objectContaining({ emoji: '🙏', fromMe: true })]);
    const sentReactions = () =>
      graph.sent.filter((entry) => entry.phoneNumberId === number.phoneNumberId && entry.type === 'reaction');
    expect(sentReactions().at(-1)?.body).toMatchObject({
      to: from,
      type: 'reaction',
      reaction: { message_id: target.externalId, emoji: '🙏' },
    });
    expect((await api.post(`/api/messages/${target.id}/reactions`, { emoji: '' })).body.reactions).toEqual([]);
    expect(sentReactions().at(-1)?.body).toMatchObject({ reaction: { message_id: target.externalId, emoji: '' } });
    expect(sentReactions()).toHaveLength(2);

    const sent = await api.post(`/api/messages/${ticket.id}`, { body: 'Olá!' });
    expect(sent.status).toBe(201);
    await waitUntil(async () => (await storedMessages(company.id)).find((row) => row.id === sent.body.id)?.externalId);
    const edit = await api.put(`/api/messages/${sent.body.id}`, { body: 'Olá, tudo bem?' });
    expect(edit).toMatchObject({ status: 422, body: { error: 'ERR_CHANNEL_CANNOT_EDIT' } });
    const remove = await api.delete(`/api/messages/${sent.body.id}`);
    expect(remove).toMatchObject({ status: 422, body: { error: 'ERR_CHANNEL_CANNOT_DELETE' } });
    expect((await storedMessages(company.id)).find((row) => row.id === sent.body.id)).toMatchObject({
      body: 'Olá!',
      isDeleted: false,
    });
  });
});
