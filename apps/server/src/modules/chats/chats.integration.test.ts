import {
  CHATS_PAGE_SIZE,
  type ChatEvent,
  type ChatMessageRecord,
  type ChatRecord,
  type ChatsList,
} from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { contacts, queues, tickets } from '../../tables.ts';
import { chatMessages } from './chats.tables.ts';

let t: TestServer;
const clock = { shiftMinutes: 0, now: () => new Date(Date.now() + clock.shiftMinutes * 60_000) };

interface Person {
  id: number;
  name: string;
  token: string;
  companyId: number;
}

let companyId: number;
let owner: Person;
let member: Person;
/** An admin of the same company who is in none of the chats below. */
let outsiderAdmin: Person;
let stranger: Person;

async function person(company: number, profile: 'admin' | 'user', name: string): Promise<Person> {
  const user = await buildUser(t.db, { companyId: company, profile, name });
  const { token } = await t.login(user.email, TEST_PASSWORD);
  return { id: user.id, name, token, companyId: company };
}

async function createChat(by: Person, users: number[], title = 'Team') {
  const response = await t.as(by.token).post('/api/chats', { title, users });
  expect(response.status).toBe(201);
  return response.body as ChatRecord;
}

async function send(by: Person, chatId: number, message: string) {
  const response = await t.as(by.token).post(`/api/chats/${chatId}/messages`, { message });
  expect(response.status).toBe(201);
  return response.body as ChatMessageRecord;
}

const unreadsOf = (chat: ChatRecord, userId: number) => chat.users.find((user) => user.userId === userId)?.unreads;

async function myChat(by: Person, chatId: number) {
  const list = (await t.as(by.token).get('/api/chats')).body.records as ChatRecord[];
  return list.find((chat) => chat.id === chatId);
}

/** A socket that records every chat event of its company. */
async function listener(who: Person) {
  const socket = t.connectSocket(who.token);
  await waitFor(socket, 'connect');
  const received: ChatEvent[] = [];
  socket.on(`company-${who.companyId}-chat`, (event: ChatEvent) => received.push(event));
  return { socket, received };
}

/** Polls until `check` passes (events travel asynchronously), failing after the suite's paced deadline. */
const eventually = (check: () => boolean, what: string) => waitUntil(check, undefined, what);

beforeAll(async () => {
  t = await startTestServer({}, { clock: clock.now });
  companyId = (await buildCompany(t.db)).id;
  owner = await person(companyId, 'user', 'Olivia Owner');
  member = await person(companyId, 'user', 'Mario Member');
  outsiderAdmin = await person(companyId, 'admin', 'Ada Admin');
  const otherCompany = (await buildCompany(t.db)).id;
  stranger = await person(otherCompany, 'admin', 'Sam Stranger');
});
afterAll(() => t.close());

describe('chats', () => {
  it('creates a chat with its owner and the picked users, lists it for them only', async () => {
    const chat = await createChat(owner, [member.id], '  Night shift ');
    expect(chat).toMatchObject({ title: 'Night shift', ownerId: owner.id, lastMessage: '' });
    expect(chat.users.map((user) => user.userId).sort()).toEqual([owner.id, member.id].sort());
    expect(chat.users.find((user) => user.userId === member.id)).toEqual({
      userId: member.id,
      unreads: 0,
      user: { id: member.id, name: 'Mario Member' },
    });
    expect(await myChat(member, chat.id)).toBeDefined();
    expect(await myChat(outsiderAdmin, chat.id)).toBeUndefined();
    expect(await myChat(stranger, chat.id)).toBeUndefined();
  });

  it('needs a title and at least one other user; another company’s user is not found', async () => {
    const blank = await t.as(owner.token).post('/api/chats', { title: ' ', users: [member.id] });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toMatchObject({ title: 'Required' });
    const none = await t.as(owner.token).post('/api/chats', { title: 'Alone', users: [] });
    expect(none.status).toBe(400);
    expect(none.body.fields).toMatchObject({ users: 'Pick at least one user' });
    const onlyMe = await t.as(owner.token).post('/api/chats', { title: 'Alone', users: [owner.id] });
    expect(onlyMe.status).toBe(400);
    expect(onlyMe.body.fields).toMatchObject({ users: 'Pick at least one user' });
    const foreign = await t.as(owner.token).post('/api/chats', { title: 'Mixed', users: [member.id, stranger.id] });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: 'ERR_USER_DONT_EXISTS', fields: { users: 'Unknown user' } });
    const ghost = await t.as(owner.token).post('/api/chats', { title: 'Ghost', users: [2_000_000_000] });
    expect(ghost.status).toBe(404);
    expect(ghost.body.error).toBe('ERR_USER_DONT_EXISTS');
  });

  it('lets only the owner edit and delete the chat', async () => {
    const chat = await createChat(owner, [member.id]);
    const byMember = await t.as(member.token).put(`/api/chats/${chat.id}`, { title: 'Mine now', users: [owner.id] });
    expect(byMember.status).toBe(403);
    expect((await t.as(member.token).delete(`/api/chats/${chat.id}`)).status).toBe(403);

    const edited = await t.as(owner.token).put(`/api/chats/${chat.id}`, { title: 'Renamed', users: [member.id] });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Renamed');
    expect((await t.as(owner.token).delete(`/api/chats/${chat.id}`)).status).toBe(204);
    expect(await myChat(member, chat.id)).toBeUndefined();
    expect((await t.as(owner.token).get(`/api/chats/${chat.id}/messages`)).status).toBe(404);
  });

  it('refuses blank and over-long messages with a clear field error', async () => {
    const chat = await createChat(owner, [member.id]);
    const blank = await t.as(owner.token).post(`/api/chats/${chat.id}/messages`, { message: '  \n ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ message: 'Required' });
    const long = await t.as(owner.token).post(`/api/chats/${chat.id}/messages`, { message: 'x'.repeat(4001) });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ message: 'Too Long!' });
    await send(owner, chat.id, 'y'.repeat(4000));
  });
});

describe('privacy', () => {
  it('gives a non-participant (an admin of the company, another company’s user) nothing on any route or event', async () => {
    const watchers = {
      owner: await listener(owner),
      member: await listener(member),
      admin: await listener(outsiderAdmin),
      stranger: await listener(stranger),
    };
    const chat = await createChat(owner, [member.id], 'Private');
    const message = await send(owner, chat.id, 'Only for us');
    await t.as(owner.token).put(`/api/chats/${chat.id}/messages/${message.id}`, { message: 'Only for us two' });
    await t.as(member.token).post(`/api/chats/${chat.id}/read`, { userId: outsiderAdmin.id });
    await t.as(owner.token).put(`/api/chats/${chat.id}`, { title: 'Private 2', users: [member.id] });

    for (const outsider of [outsiderAdmin, stranger]) {
      const as = t.as(outsider.token);
      const base = `/api/chats/${chat.id}`;
      expect((await as.get('/api/chats')).body.records.map((c: ChatRecord) => c.id)).not.toContain(chat.id);
      expect((await as.get(base)).status).toBe(404);
      expect((await as.get(`${base}/messages`)).status).toBe(404);
      expect((await as.post(`${base}/messages`, { message: 'let me in' })).status).toBe(404);
      expect((await as.post(`${base}/read`, {})).status).toBe(404);
      expect((await as.put(base, { title: 'Taken', users: [outsider.id] })).status).toBe(404);
      expect((await as.put(`${base}/messages/${message.id}`, { message: 'edited' })).status).toBe(404);
      expect((await as.delete(`${base}/messages/${message.id}`)).status).toBe(404);
      expect((await as.delete(base)).status).toBe(404);
    }
    // Nothing the outsiders tried changed anything.
    const page = (await t.as(member.token).get(`/api/chats/${chat.id}/messages`)).body;
    expect(page.records.map((m: ChatMessageRecord) => m.message)).toEqual(['Only for us two']);

    // The participants got every event; then a chat of the outsiders' own arrives after all of them
    // on the same sockets (events reach one socket in order), so anything earlier would be there.
    await eventually(
      () => watchers.member.received.filter((event) => event.action !== 'delete').length >= 5,
      'member events',
    );
    expect(watchers.member.received.map((event) => event.action)).toEqual([
      'create',
      'new-message',
      'update-message',
      'update',
      'update',
      'update',
    ]);
    await eventually(() => watchers.owner.received.length >= 5, 'owner events');
    const adminChat = await createChat(outsiderAdmin, [owner.id], 'Admin own');
    const strangerFriend = await person(stranger.companyId, 'user', 'Friend');
    const strangerChat = await createChat(stranger, [strangerFriend.id], 'Stranger own');
    await eventually(() => watchers.admin.received.length > 0, 'admin own chat');
    await eventually(() => watchers.stranger.received.length > 0, 'stranger own chat');
    expect(watchers.admin.received).toEqual([{ action: 'create', record: adminChat }]);
    expect(watchers.stranger.received).toEqual([{ action: 'create', record: strangerChat }]);
    for (const watcher of Object.values(watchers)) watcher.socket.disconnect();
  });

  it('another company’s chat id is 404 even for its admin’s colleague', async () => {
    const friend = await person(stranger.companyId, 'user', 'Friend 2');
    const theirs = await createChat(stranger, [friend.id]);
    expect((await t.as(owner.token).get(`/api/chats/${theirs.id}/messages`)).status).toBe(404);
    expect((await t.as(outsiderAdmin.token).delete(`/api/chats/${theirs.id}`)).status).toBe(404);
  });

  it('a participant removed by the owner loses the chat and its events', async () => {
    const third = await person(companyId, 'user', 'Tina Third');
    const chat = await createChat(owner, [member.id, third.id]);
    const watcher = await listener(third);
    await t.as(owner.token).put(`/api/chats/${chat.id}`, { title: chat.title, users: [member.id] });
    await eventually(() => watcher.received.length > 0, 'removal');
    expect(watcher.received).toEqual([{ action: 'delete', id: chat.id }]);
    expect((await t.as(third.token).get(`/api/chats/${chat.id}/messages`)).status).toBe(404);
    watcher.socket.disconnect();
  });
});

describe('GET /api/chats', () => {
  it('pages by pageNumber with a truthful hasMore, and searchParam finds titles and participants', async () => {
    const planner = await person(companyId, 'user', 'Paula Pages');
    const partner = await person(companyId, 'user', 'Zélia Parceira');
    const colleague = await person(companyId, 'user', 'Otto Outro');
    for (let i = 1; i <= CHATS_PAGE_SIZE + 5; i++) await createChat(planner, [partner.id], `Projeto ${i}`);
    const holidays = await createChat(planner, [colleague.id], 'Férias de julho');
    const list = async (query: string) => (await t.as(planner.token).get(`/api/chats?${query}`)).body as ChatsList;

    const first = await list('pageNumber=1');
    expect(first).toMatchObject({ count: CHATS_PAGE_SIZE + 6, hasMore: true });
    expect(first.records).toHaveLength(CHATS_PAGE_SIZE);
    // The most recently active first: the last one created leads.
    expect(first.records[0].id).toBe(holidays.id);
    const second = await list('pageNumber=2');
    expect(second).toMatchObject({ hasMore: false });
    expect(second.records).toHaveLength(6);
    const ids = [...first.records, ...second.records].map((chat) => chat.id);
    expect(new Set(ids).size).toBe(CHATS_PAGE_SIZE + 6);

    // By title, accents and case ignored; by a participant's name.
    expect((await list('searchParam=FERIAS')).records.map((chat) => chat.id)).toEqual([holidays.id]);
    expect((await list('searchParam=otto')).records.map((chat) => chat.id)).toEqual([holidays.id]);
    const byPartner = await list('searchParam=zelia');
    expect(byPartner).toMatchObject({ count: CHATS_PAGE_SIZE + 5, hasMore: true });
    expect((await list('searchParam=zelia&pageNumber=2')).records).toHaveLength(5);
    expect(await list('searchParam=nothing-like-this')).toEqual({ records: [], count: 0, hasMore: false });
    expect((await t.as(planner.token).get('/api/chats?pageNumber=0')).status).toBe(400);

    // Another company's user finds none of these, whatever the search.
    const foreign = await person(stranger.companyId, 'user', 'Zélia Estrangeira');
    expect((await t.as(foreign.token).get('/api/chats?searchParam=Projeto')).body).toMatchObject({ count: 0 });
  });
});

describe('unread counts', () => {
  it('counts per participant across send, read and a new participant', async () => {
    const chat = await createChat(owner, [member.id]);
    await send(owner, chat.id, 'one');
    await send(owner, chat.id, 'two');
    let seen = await myChat(member, chat.id);
    expect(seen && unreadsOf(seen, member.id)).toBe(2);
    expect(seen && unreadsOf(seen, owner.id)).toBe(0);
    expect(seen?.lastMessage).toBe('two');

    const read = await t.as(member.token).post(`/api/chats/${chat.id}/read`, {});
    expect(read.status).toBe(200);
    expect(unreadsOf(read.body, member.id)).toBe(0);

    const newcomer = await person(companyId, 'user', 'Nina New');
    await t.as(owner.token).put(`/api/chats/${chat.id}`, { title: chat.title, users: [member.id, newcomer.id] });
    seen = await myChat(newcomer, chat.id);
    expect(seen && unreadsOf(seen, newcomer.id)).toBe(0);

    await send(member, chat.id, 'three');
    seen = await myChat(owner, chat.id);
    expect(seen && [unreadsOf(seen, owner.id), unreadsOf(seen, member.id), unreadsOf(seen, newcomer.id)]).toEqual([
      1, 0, 1,
    ]);
  });

  it('a read up to the message on screen leaves the ones sent meanwhile unread', async () => {
    const chat = await createChat(owner, [member.id]);
    const onScreen = await send(owner, chat.id, 'one');
    await send(member, chat.id, 'my own reply is never unread for me');
    await send(owner, chat.id, 'sent while the read travelled');
    await send(owner, chat.id, 'and another');

    const read = await t.as(member.token).post(`/api/chats/${chat.id}/read`, { upToMessageId: onScreen.id });
    expect(read.status).toBe(200);
    expect(unreadsOf(read.body, member.id)).toBe(2);
    expect(unreadsOf((await myChat(member, chat.id)) as ChatRecord, member.id)).toBe(2);

    const newest = await send(owner, chat.id, 'newest');
    await t.as(member.token).post(`/api/chats/${chat.id}/read`, { upToMessageId: newest.id });
    expect(unreadsOf((await myChat(member, chat.id)) as ChatRecord, member.id)).toBe(0);

    const bad = await t.as(member.token).post(`/api/chats/${chat.id}/read`, { upToMessageId: 'latest' });
    expect(bad.status).toBe(400);
  });
});

describe('messages', () => {
  it('pages 500 messages newest first, 20 a page, each once and in order', async () => {
    const chat = await createChat(owner, [member.id]);
    const start = Date.now() - 1_000_000;
    await t.db.insert(chatMessages).values(
      Array.from({ length: 500 }, (_, index) => ({
        companyId,
        chatId: chat.id,
        senderId: index % 2 ? owner.id : member.id,
        message: `m${index}`,
        createdAt: new Date(start + index * 1000),
      })),
    );
    const seen: string[] = [];
    let pageNumber = 1;
    for (;;) {
      const page = (await t.as(member.token).get(`/api/chats/${chat.id}/messages?pageNumber=${pageNumber}`)).body;
      seen.unshift(...page.records.map((m: ChatMessageRecord) => m.message));
      if (!page.hasMore) break;
      expect(page.records).toHaveLength(20);
      pageNumber++;
    }
    expect(pageNumber).toBe(25);
    expect(seen).toEqual(Array.from({ length: 500 }, (_, index) => `m${index}`));
  });

  it('lets the sender edit or delete a message within 15 minutes, shown as such to everyone', async () => {
    const chat = await createChat(owner, [member.id]);
    const watcher = await listener(member);
    const first = await send(owner, chat.id, 'tpyo');
    const second = await send(owner, chat.id, 'to be removed');

    const notMine = await t.as(member.token).put(`/api/chats/${chat.id}/messages/${first.id}`, { message: 'x' });
    expect(notMine.status).toBe(403);
    expect((await t.as(member.token).delete(`/api/chats/${chat.id}/messages/${first.id}`)).status).toBe(403);

    const edited = await t.as(owner.token).put(`/api/chats/${chat.id}/messages/${first.id}`, { message: 'typo' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'typo', deletedAt: null });
    expect(edited.body.editedAt).not.toBeNull();
    const removed = await t.as(owner.token).delete(`/api/chats/${chat.id}/messages/${second.id}`);
    expect(removed.body).toMatchObject({ message: '', editedAt: null });
    expect(removed.body.deletedAt).not.toBeNull();

    const page = (await t.as(member.token).get(`/api/chats/${chat.id}/messages`)).body.records;
    expect(page.map((m: ChatMessageRecord) => [m.message, Boolean(m.editedAt), Boolean(m.deletedAt)])).toEqual([
      ['typo', true, false],
      ['', false, true],
    ]);
    expect((await myChat(member, chat.id))?.lastMessage).toBe('typo');
    await eventually(
      () => watcher.received.filter((event) => event.action === 'update-message').length === 2,
      'edit events',
    );

    clock.shiftMinutes = 16;
    try {
      const late = await t.as(owner.token).put(`/api/chats/${chat.id}/messages/${first.id}`, { message: 'late' });
      expect(late.status).toBe(409);
      expect(late.body.error).toBe('ERR_CHAT_EDIT_WINDOW_PASSED');
    } finally {
      clock.shiftMinutes = 0;
    }
    watcher.socket.disconnect();
  });

  it('shows a linked ticket as a card only to readers who may open it', async () => {
    const [queue] = await t.db.insert(queues).values({ companyId, name: 'Sales', color: '#123456' }).returning();
    const [contact] = await t.db
      .insert(contacts)
      .values({ companyId, name: 'Carla Customer', number: '5511988' })
      .returning();
    const [ticket] = await t.db
      .insert(tickets)
      .values({ companyId, contactId: contact.id, status: 'open', queueId: queue.id })
      .returning();
    const chat = await createChat(outsiderAdmin, [member.id], 'Ticket talk');
    const watcher = await listener(member);
    const sent = await send(outsiderAdmin, chat.id, `look http://x/tickets/${ticket.uuid} please`);
    expect(sent.tickets).toEqual([
      { uuid: ticket.uuid, available: true, status: 'open', contact: { name: 'Carla Customer' } },
    ]);
    // The member is not in the Sales queue: the same link is "not available" to them.
    const page = (await t.as(member.token).get(`/api/chats/${chat.id}/messages`)).body.records;
    expect(page[0].tickets).toEqual([{ uuid: ticket.uuid, available: false }]);
    await eventually(() => watcher.received.some((event) => event.action === 'new-message'), 'new message');
    const event = watcher.received.find((e) => e.action === 'new-message') as Extract<
      ChatEvent,
      { action: 'new-message' }
    >;
    expect(event.newMessage.tickets).toEqual([{ uuid: ticket.uuid, available: false }]);
    watcher.socket.disconnect();
  });
});

describe('plan flag', () => {
  it('answers 403 on every route when the plan has no internal chat', async () => {
    const plan = await buildPlan(t.db, { useInternalChat: false });
    const company = (await buildCompany(t.db, { planId: plan.id })).id;
    const admin = await person(company, 'admin', 'No Chat');
    const other = await person(company, 'user', 'No Chat 2');
    const as = t.as(admin.token);
    const calls = [
      as.get('/api/chats'),
      as.post('/api/chats', { title: 'x', users: [other.id] }),
      as.get('/api/chats/1'),
      as.put('/api/chats/1', { title: 'x', users: [other.id] }),
      as.delete('/api/chats/1'),
      as.get('/api/chats/1/messages'),
      as.post('/api/chats/1/messages', { message: 'hi' }),
      as.put('/api/chats/1/messages/1', { message: 'hi' }),
      as.delete('/api/chats/1/messages/1'),
      as.post('/api/chats/1/read', {}),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
  });
});
