import type { TagRecord, TicketRecord } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinRoom } from '../../../test/eventually.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextEvent, nextMatching, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { contacts, queues, tickets, userQueues } from '../../tables.ts';

let t: TestServer;
let companyId: number;
let adminToken: string;
let userToken: string;
let userId: number;
let otherCompanyId: number;
let otherAdminToken: string;
let sequence = 0;

const tokenOf = async (user: { email: string }) => (await t.login(user.email, TEST_PASSWORD)).token;

async function buildTicket(company: number, fields: Partial<typeof tickets.$inferInsert> = {}) {
  const [contact] = await t.db
    .insert(contacts)
    .values({
      companyId: company,
      name: `Customer ${++sequence}`,
      number: `5511900${String(sequence).padStart(6, '0')}`,
    })
    .returning();
  const [ticket] = await t.db
    .insert(tickets)
    .values({ companyId: company, contactId: contact.id, status: 'open', ...fields })
    .returning();
  return ticket;
}

async function createTag(token: string, fields: Record<string, unknown> = {}) {
  const response = await t.as(token).post('/api/tags', { name: `Tag ${++sequence}`, color: '#43A047', ...fields });
  expect(response.status).toBe(201);
  return response.body as TagRecord;
}

async function socketOf(token: string, join?: (socket: ReturnType<TestServer['connectSocket']>) => unknown) {
  const socket = t.connectSocket(token);
  await waitFor(socket, 'connect');
  if (join) await join(socket);
  return socket;
}

/** Resolves true if the event arrives within `ms`, false otherwise. */
function arrives(socket: ReturnType<TestServer['connectSocket']>, event: string, ms = 600) {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once(event, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

beforeAll(async () => {
  t = await startTestServer();
  companyId = (await buildCompany(t.db)).id;
  adminToken = await tokenOf(await buildUser(t.db, { companyId, profile: 'admin' }));
  const user = await buildUser(t.db, { companyId, profile: 'user' });
  userId = user.id;
  userToken = await tokenOf(user);
  otherCompanyId = (await buildCompany(t.db)).id;
  otherAdminToken = await tokenOf(await buildUser(t.db, { companyId: otherCompanyId, profile: 'admin' }));
});
afterAll(() => t.close());

describe('tags CRUD', () => {
  it('creates, reads, edits and deletes a tag', async () => {
    const created = await createTag(adminToken, { name: '  Hot lead  ', color: '#E53935', userId: 99 });
    expect(created).toMatchObject({ name: 'Hot lead', color: '#E53935', kanban: 0, ticketsCount: 0 });
    expect((await t.as(adminToken).get(`/api/tags/${created.id}`)).body).toEqual(created);

    const edited = await t.as(adminToken).put(`/api/tags/${created.id}`, { name: 'Warm lead', color: '#FB8C00' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: created.id, name: 'Warm lead', color: '#FB8C00', kanban: 0 });

    expect((await t.as(adminToken).delete(`/api/tags/${created.id}`)).status).toBe(204);
    expect((await t.as(adminToken).get(`/api/tags/${created.id}`)).status).toBe(404);
    expect((await t.as(adminToken).delete(`/api/tags/${created.id}`)).status).toBe(404);
  });

  it('validates the name (required, at least 3 characters) and the colour', async () => {
    const short = await t.as(adminToken).post('/api/tags', { name: 'ab', color: '#43A047' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'Too Short!' } });
    const blank = await t.as(adminToken).post('/api/tags', { name: '   ', color: '#43A047' });
    expect(blank.body.fields).toEqual({ name: 'Required' });
    const color = await t.as(adminToken).post('/api/tags', { name: 'Valid name', color: 'red' });
    expect(color.body.fields).toEqual({ color: 'Invalid color' });
  });

  it('refuses a name the company already uses in any case, on create and on edit; another company may use it', async () => {
    await createTag(adminToken, { name: 'Customer VIP' });
    const again = await t.as(userToken).post('/api/tags', { name: 'customer vip', color: '#1E88E5' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ERR_TAG_NAME_IN_USE', fields: { name: 'In use' } });
    const other = await createTag(adminToken, { name: 'Another one' });
    const rename = await t.as(adminToken).put(`/api/tags/${other.id}`, { name: 'CUSTOMER VIP', color: '#1E88E5' });
    expect(rename.status).toBe(409);
    // Renaming a tag to its own name in another case is fine.
    const recase = await t.as(adminToken).put(`/api/tags/${other.id}`, { name: 'ANOTHER ONE', color: '#1E88E5' });
    expect(recase.status).toBe(200);
    await createTag(otherAdminToken, { name: 'Customer VIP' });
  });

  it('searches lower-cased, pages 40 at a time and counts', async () => {
    const company = (await buildCompany(t.db)).id;
    const token = await tokenOf(await buildUser(t.db, { companyId: company, profile: 'user' }));
    for (let index = 0; index < 42; index++) {
      await createTag(token, { name: `Bulk ${String(index).padStart(2, '0')}` });
    }
    await createTag(token, { name: 'Zeta 100% off' });
    const first = await t.as(token).get('/api/tags/?pageNumber=1');
    expect(first.body).toMatchObject({ count: 43, hasMore: true });
    expect(first.body.tags).toHaveLength(40);
    expect(first.body.tags[0].name).toBe('Bulk 00');
    const second = await t.as(token).get('/api/tags?pageNumber=2');
    expect(second.body).toMatchObject({ count: 43, hasMore: false });
    expect(second.body.tags.map((tag: TagRecord) => tag.name)).toEqual(['Bulk 40', 'Bulk 41', 'Zeta 100% off']);
    const search = await t.as(token).get('/api/tags/?searchParam=uLK%204');
    expect(search.body).toMatchObject({ count: 2, hasMore: false });
    expect(search.body.tags.map((tag: TagRecord) => tag.name)).toEqual(['Bulk 40', 'Bulk 41']);
    // LIKE characters in the search are literal.
    const percent = await t.as(token).get('/api/tags/?searchParam=0%25');
    expect(percent.body.tags.map((tag: TagRecord) => tag.name)).toEqual(['Zeta 100% off']);
    const list = await t.as(token).get('/api/tags/list');
    expect(list.body).toHaveLength(43);
  });
});

describe('kanban flag', () => {
  it('is set by admins only: a user creating gets 0, a user changing it gets 403, keeping it is fine', async () => {
    const byUser = await createTag(userToken, { kanban: 1 });
    expect(byUser.kanban).toBe(0);
    const lane = await createTag(adminToken, { kanban: 1 });
    expect(lane.kanban).toBe(1);

    const promote = await t
      .as(userToken)
      .put(`/api/tags/${byUser.id}`, { name: byUser.name, color: '#000', kanban: 1 });
    expect(promote.status).toBe(403);
    expect(promote.body.error).toBe('ERR_NO_PERMISSION');
    const keep = await t.as(userToken).put(`/api/tags/${lane.id}`, { name: 'Lane renamed', color: '#000', kanban: 1 });
    expect(keep.status).toBe(200);
    expect(keep.body.kanban).toBe(1);
    const leftOut = await t.as(userToken).put(`/api/tags/${lane.id}`, { name: 'Lane renamed', color: '#111' });
    expect(leftOut.body.kanban).toBe(1);
    const demote = await t
      .as(userToken)
      .put(`/api/tags/${lane.id}`, { name: 'Lane renamed', color: '#000', kanban: 0 });
    expect(demote.status).toBe(403);

    const kanban = await t.as(userToken).get('/api/tags/kanban');
    const laneIds = kanban.body.lista.map((tag: TagRecord) => tag.id);
    expect(laneIds).toContain(lane.id);
    expect(laneIds).not.toContain(byUser.id);
    expect(kanban.body.lista.every((tag: TagRecord) => tag.kanban === 1)).toBe(true);
  });

  it('the board lanes need a plan with kanban', async () => {
    const company = await buildCompany(t.db, { planId: (await buildPlan(t.db, { useKanban: false })).id });
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const response = await t.as(await tokenOf(admin)).get('/api/tags/kanban');
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });
});

describe('ticket tags', () => {
  it('syncs a ticket’s tags, counts tickets per tag, and announces the ticket and the counts', async () => {
    const red = await createTag(adminToken);
    const blue = await createTag(adminToken);
    const first = await buildTicket(companyId);
    const second = await buildTicket(companyId);
    const socket = await socketOf(adminToken, (s) => joinRoom(s, 'joinChatBox', first.id));
    const ticketEvent = nextEvent<{ action: string; ticket: TicketRecord }>(socket, `company-${companyId}-ticket`);

    const synced = await t
      .as(adminToken)
      .post('/api/tags/sync', { ticketId: first.id, tags: [{ id: red.id }, { id: blue.id }] });
    expect(synced.status).toBe(200);
    const event = await ticketEvent;
    expect(event.action).toBe('update');
    expect(event.ticket.id).toBe(first.id);
    expect(event.ticket.tags.map((tag) => tag.id).sort()).toEqual([red.id, blue.id].sort());

    await t.as(adminToken).post('/api/tags/sync', { ticketId: second.id, tags: [{ id: red.id }] });
    expect((await t.as(adminToken).get(`/api/tags/${red.id}`)).body.ticketsCount).toBe(2);
    expect((await t.as(adminToken).get(`/api/tags/${blue.id}`)).body.ticketsCount).toBe(1);

    // Replacing the set: blue leaves the first ticket, and the recount is announced.
    const tagEvent = nextMatching<{ action: string; tag: TagRecord }>(
      socket,
      `company-${companyId}-tag`,
      (payload) => payload.tag?.id === blue.id && payload.tag.ticketsCount === 0,
    );
    await t.as(adminToken).post('/api/tags/sync', { ticketId: first.id, tags: [{ id: red.id }] });
    expect(await tagEvent).toMatchObject({ action: 'update', tag: { id: blue.id, ticketsCount: 0 } });
    const page = await t.as(adminToken).get(`/api/tags/?searchParam=${encodeURIComponent(red.name)}`);
    expect(page.body.tags[0]).toMatchObject({ id: red.id, ticketsCount: 2 });

    // Clearing, and a deleted ticket no longer counts.
    await t.as(adminToken).post('/api/tags/sync', { ticketId: first.id, tags: [] });
    expect((await t.as(adminToken).get(`/api/tags/${red.id}`)).body.ticketsCount).toBe(1);
    await t.as(adminToken).delete(`/api/tickets/${second.id}`);
    expect((await t.as(adminToken).get(`/api/tags/${red.id}`)).body.ticketsCount).toBe(0);
  });

  it('lets a user tag only tickets they may open', async () => {
    const tag = await createTag(userToken);
    const [queue] = await t.db
      .insert(queues)
      .values({ companyId, name: `Q ${++sequence}`, color: '#123456' })
      .returning();
    const [otherQueue] = await t.db
      .insert(queues)
      .values({ companyId, name: `Q ${++sequence}`, color: '#654321' })
      .returning();
    await t.db.insert(userQueues).values({ userId, queueId: queue.id });
    const mine = await buildTicket(companyId, { queueId: queue.id, userId });
    const notMine = await buildTicket(companyId, { queueId: otherQueue.id });

    expect((await t.as(userToken).post('/api/tags/sync', { ticketId: mine.id, tags: [{ id: tag.id }] })).status).toBe(
      200,
    );
    const refused = await t.as(userToken).post('/api/tags/sync', { ticketId: notMine.id, tags: [{ id: tag.id }] });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await t.as(userToken).get(`/api/tags/${tag.id}`)).body.ticketsCount).toBe(1);
  });

  it('cannot tag another company’s ticket nor use another company’s tag', async () => {
    const mine = await createTag(adminToken);
    const theirs = await createTag(otherAdminToken);
    const myTicket = await buildTicket(companyId);
    const theirTicket = await buildTicket(otherCompanyId);

    const foreignTicket = await t
      .as(adminToken)
      .post('/api/tags/sync', { ticketId: theirTicket.id, tags: [{ id: mine.id }] });
    expect(foreignTicket.status).toBe(404);
    const foreignTag = await t
      .as(adminToken)
      .post('/api/tags/sync', { ticketId: myTicket.id, tags: [{ id: mine.id }, { id: theirs.id }] });
    expect(foreignTag.status).toBe(404);
    expect(foreignTag.body.details).toEqual({ tagIds: [theirs.id] });
    // Nothing was written by either refusal.
    expect((await t.as(adminToken).get(`/api/tags/${mine.id}`)).body.ticketsCount).toBe(0);
    expect((await t.as(otherAdminToken).get(`/api/tags/${theirs.id}`)).body.ticketsCount).toBe(0);
  });
});

describe('tenancy and realtime', () => {
  it('answers 404 for another company’s tag on every id route and never lists it', async () => {
    const theirs = await createTag(otherAdminToken, { name: `Secret ${++sequence}` });
    const as = t.as(adminToken);
    expect((await as.get(`/api/tags/${theirs.id}`)).status).toBe(404);
    expect((await as.put(`/api/tags/${theirs.id}`, { name: 'Stolen', color: '#000000' })).status).toBe(404);
    expect((await as.delete(`/api/tags/${theirs.id}`)).status).toBe(404);
    expect((await as.get('/api/tags/list')).body.map((tag: TagRecord) => tag.id)).not.toContain(theirs.id);
    expect((await as.get(`/api/tags/?searchParam=${encodeURIComponent(theirs.name)}`)).body.count).toBe(0);
    expect((await t.as(otherAdminToken).get(`/api/tags/${theirs.id}`)).body.name).toBe(theirs.name);
  });

  it('announces create, update and delete to the company only', async () => {
    const mine = await socketOf(userToken);
    const theirs = await socketOf(otherAdminToken);
    const leaked = arrives(theirs, `company-${companyId}-tag`, 1_500);
    const leakedOwn = arrives(theirs, `company-${otherCompanyId}-tag`, 1_500);

    const created = nextEvent<{ action: string; tag: TagRecord }>(mine, `company-${companyId}-tag`);
    const tag = await createTag(adminToken);
    expect(await created).toMatchObject({ action: 'create', tag: { id: tag.id } });
    const updated = nextEvent<{ action: string; tag: TagRecord }>(mine, `company-${companyId}-tag`);
    await t.as(adminToken).put(`/api/tags/${tag.id}`, { name: 'Renamed live', color: '#000000' });
    expect(await updated).toMatchObject({ action: 'update', tag: { id: tag.id, name: 'Renamed live' } });
    const deleted = nextEvent<{ action: string; tagId: number }>(mine, `company-${companyId}-tag`);
    await t.as(adminToken).delete(`/api/tags/${tag.id}`);
    expect(await deleted).toEqual({ action: 'delete', tagId: tag.id });

    expect(await leaked).toBe(false);
    expect(await leakedOwn).toBe(false);
  });

  it('needs a login', async () => {
    expect((await t.request('GET', '/api/tags/list')).status).toBe(401);
  });
});
