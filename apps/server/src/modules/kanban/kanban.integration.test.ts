import { KANBAN_LANE_PAGE_SIZE, type KanbanBoard, rooms, type TagRecord, type TicketRecord } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { contacts, queues, tickets, ticketTags, userQueues } from '../../tables.ts';

let t: TestServer;
let companyId: number;
let adminToken: string;
let attendantToken: string;
let supervisorToken: string;
let salesQueue: number;
let supportQueue: number;
let otherCompanyId: number;
let otherAdminToken: string;
let sequence = 0;

const tokenOf = async (user: { email: string }) => (await t.login(user.email, TEST_PASSWORD)).token;

async function buildQueue(company: number, name: string) {
  const [queue] = await t.db
    .insert(queues)
    .values({ companyId: company, name: `${name} ${++sequence}`, color: `#${String(100000 + sequence)}` })
    .returning();
  return queue.id;
}

async function buildTicket(company: number, fields: Partial<typeof tickets.$inferInsert> = {}, name?: string) {
  const [contact] = await t.db
    .insert(contacts)
    .values({
      companyId: company,
      name: name ?? `Customer ${++sequence}`,
      number: `5511800${String(++sequence).padStart(6, '0')}`,
    })
    .returning();
  const [ticket] = await t.db
    .insert(tickets)
    .values({ companyId: company, contactId: contact.id, status: 'open', ...fields })
    .returning();
  return ticket;
}

async function buildLane(token = adminToken) {
  const response = await t.as(token).post('/api/tags', { name: `Lane ${++sequence}`, color: '#43A047', kanban: 1 });
  expect(response.status).toBe(201);
  return response.body as TagRecord;
}

async function board(token: string, query = '') {
  const response = await t.as(token).get(`/api/ticket/kanban${query}`);
  expect(response.status).toBe(200);
  return response.body as KanbanBoard;
}

const laneOf = (answer: KanbanBoard, tagId: number) => answer.lanes.find((lane) => lane.tagId === tagId);
const idsIn = (answer: KanbanBoard, tagId: number) => laneOf(answer, tagId)?.tickets.map((ticket) => ticket.id) ?? [];

/** Polls a live condition until it holds (the suite's paced deadline; no fixed sleeps). */
const until = (condition: () => Promise<boolean> | boolean) => waitUntil(condition);

/** A second user's board: a socket that joined the open and pending lists, as the page does. */
async function boardSocket(token: string, room: string) {
  const socket = t.connectSocket(token);
  await waitFor(socket, 'connect');
  socket.emit('joinTickets', 'open');
  socket.emit('joinTickets', 'pending');
  await until(async () => (await t.platform.realtime.io.in(room).fetchSockets()).some((s) => s.id === socket.id));
  const received: TicketRecord[] = [];
  socket.on(`company-${companyId}-ticket`, (payload: { action: string; ticket?: TicketRecord }) => {
    if (payload.action === 'update' && payload.ticket) received.push(payload.ticket);
  });
  return { socket, received };
}

beforeAll(async () => {
  t = await startTestServer();
  companyId = (await buildCompany(t.db)).id;
  adminToken = await tokenOf(await buildUser(t.db, { companyId, profile: 'admin' }));
  supervisorToken = await tokenOf(await buildUser(t.db, { companyId, profile: 'supervisor' }));
  salesQueue = await buildQueue(companyId, 'Sales');
  supportQueue = await buildQueue(companyId, 'Support');
  const attendant = await buildUser(t.db, { companyId, profile: 'user' });
  await t.db.insert(userQueues).values({ userId: attendant.id, queueId: salesQueue });
  attendantToken = await tokenOf(attendant);
  otherCompanyId = (await buildCompany(t.db)).id;
  otherAdminToken = await tokenOf(await buildUser(t.db, { companyId: otherCompanyId, profile: 'admin' }));
});
afterAll(() => t.close());

describe('the board', () => {
  it('has "Em aberto" first, then the lanes in order, with counts, open and pending tickets only', async () => {
    const first = await buildLane();
    const second = await buildLane();
    const untagged = await buildTicket(companyId, { queueId: salesQueue });
    const pending = await buildTicket(companyId, { status: 'pending', queueId: salesQueue });
    const closed = await buildTicket(companyId, { status: 'closed', queueId: salesQueue });
    const inFirst = await buildTicket(companyId, { queueId: salesQueue });
    await t.db.insert(ticketTags).values({ ticketId: inFirst.id, tagId: first.id });
    // A tag that is not a lane leaves its tickets in "Em aberto".
    const plain = await t.as(adminToken).post('/api/tags', { name: `Plain ${++sequence}`, color: '#000' });
    await t.db.insert(ticketTags).values({ ticketId: untagged.id, tagId: plain.body.id });

    const answer = await board(adminToken);
    const laneIds = answer.lanes.map((lane) => lane.tagId);
    expect(laneIds[0]).toBe(0);
    expect(laneIds.indexOf(first.id)).toBeLessThan(laneIds.indexOf(second.id));
    expect(idsIn(answer, 0)).toEqual(expect.arrayContaining([untagged.id, pending.id]));
    expect(idsIn(answer, 0)).not.toContain(closed.id);
    expect(idsIn(answer, 0)).not.toContain(inFirst.id);
    expect(idsIn(answer, first.id)).toEqual([inFirst.id]);
    expect(laneOf(answer, first.id)?.count).toBe(1);
    expect(laneOf(answer, second.id)).toMatchObject({ count: 0, hasMore: false, tickets: [] });
    const card = laneOf(answer, first.id)?.tickets[0];
    expect(card).toMatchObject({ id: inFirst.id, uuid: inFirst.uuid, queue: { id: salesQueue } });
    expect(card?.contact.name).toMatch(/Customer/);
  });

  it('loads each lane a page at a time', async () => {
    const lane = await buildLane();
    const total = KANBAN_LANE_PAGE_SIZE + 5;
    for (let index = 0; index < total; index++) {
      const ticket = await buildTicket(companyId, { queueId: supportQueue });
      await t.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: lane.id });
    }
    const firstPage = laneOf(await board(adminToken), lane.id);
    expect(firstPage).toMatchObject({ count: total, hasMore: true });
    expect(firstPage?.tickets).toHaveLength(KANBAN_LANE_PAGE_SIZE);
    const second = await board(adminToken, `?lane=${lane.id}&pageNumber=2`);
    expect(second.lanes).toHaveLength(1);
    expect(second.lanes[0]).toMatchObject({ tagId: lane.id, count: total, hasMore: false });
    expect(second.lanes[0].tickets).toHaveLength(5);
    const all = [...(firstPage?.tickets ?? []), ...second.lanes[0].tickets].map((ticket) => ticket.id);
    expect(new Set(all).size).toBe(total);
    expect((await t.as(adminToken).get('/api/ticket/kanban?lane=999999')).status).toBe(404);
  });

  it('filters by queue (a JSON array) and searches the contact', async () => {
    const named = await buildTicket(companyId, { queueId: supportQueue }, `Zelda Kanban ${++sequence}`);
    const onlySupport = await board(adminToken, `?queueIds=${encodeURIComponent(JSON.stringify([supportQueue]))}`);
    const everyCard = onlySupport.lanes.flatMap((lane) => lane.tickets);
    expect(everyCard.every((ticket) => ticket.queueId === supportQueue)).toBe(true);
    expect(everyCard.map((ticket) => ticket.id)).toContain(named.id);
    const searched = await board(adminToken, `?searchParam=${encodeURIComponent('zelda kanban')}`);
    expect(searched.lanes.flatMap((lane) => lane.tickets).map((ticket) => ticket.id)).toEqual([named.id]);
  });

  it('shows an attendant only the tickets of their queues; supervisors see every queue', async () => {
    const sales = await buildTicket(companyId, { queueId: salesQueue });
    const support = await buildTicket(companyId, { queueId: supportQueue });
    const cards = (answer: KanbanBoard) => answer.lanes.flatMap((lane) => lane.tickets.map((ticket) => ticket.id));
    const attendantCards = cards(await board(attendantToken));
    expect(attendantCards).toContain(sales.id);
    expect(attendantCards).not.toContain(support.id);
    // Asking for another queue does not widen what they see.
    const asked = cards(await board(attendantToken, `?queueIds=[${supportQueue}]`));
    expect(asked).toEqual([]);
    const supervisorCards = cards(await board(supervisorToken));
    expect(supervisorCards).toEqual(expect.arrayContaining([sales.id, support.id]));
  });
});

describe('moving a card', () => {
  it('swaps the lane tag in one call, tells a second user live, and refuses a stale move with 409', async () => {
    const todo = await buildLane();
    const done = await buildLane();
    const ticket = await buildTicket(companyId, { queueId: salesQueue });
    const watcher = await boardSocket(attendantToken, rooms.queueTickets(companyId, salesQueue, 'open'));

    const toTodo = await t
      .as(adminToken)
      .post(`/api/ticket-tags/${ticket.id}/move`, { fromTagId: null, toTagId: todo.id });
    expect(toTodo.status).toBe(200);
    expect(toTodo.body.ticket.tags.map((tag: { id: number }) => tag.id)).toEqual([todo.id]);
    const moved = await t
      .as(adminToken)
      .post(`/api/ticket-tags/${ticket.id}/move`, { fromTagId: todo.id, toTagId: done.id });
    expect(moved.status).toBe(200);
    expect(moved.body.ticket.tags.map((tag: { id: number }) => tag.id)).toEqual([done.id]);

    // The attendant's board hears the card land in "done".
    await until(() =>
      watcher.received.some((record) => record.id === ticket.id && record.tags.some((tag) => tag.id === done.id)),
    );
    const answer = await board(adminToken);
    expect(idsIn(answer, done.id)).toContain(ticket.id);
    expect(idsIn(answer, todo.id)).not.toContain(ticket.id);

    // Someone else still thinks the card is in "todo": refused, nothing changes.
    const stale = await t
      .as(attendantToken)
      .post(`/api/ticket-tags/${ticket.id}/move`, { fromTagId: todo.id, toTagId: null });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('ERR_KANBAN_MOVE_CONFLICT');
    expect(idsIn(await board(adminToken), done.id)).toContain(ticket.id);

    // Back to "Em aberto".
    const back = await t
      .as(attendantToken)
      .post(`/api/ticket-tags/${ticket.id}/move`, { fromTagId: done.id, toTagId: 0 });
    expect(back.status).toBe(200);
    expect(back.body.ticket.tags).toEqual([]);
    watcher.socket.disconnect();
  });

  it('lets only one of two simultaneous moves of the same card win', async () => {
    const a = await buildLane();
    const b = await buildLane();
    const ticket = await buildTicket(companyId, { queueId: salesQueue });
    const answers = await Promise.all([
      t.as(adminToken).post(`/api/ticket-tags/${ticket.id}/move`, { fromTagId: null, toTagId: a.id }),
      t.as(supervisorToken).post(`/api/ticket-tags/${ticket.id}/move`, { fromTagId: null, toTagId: b.id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const tags = await t.db.select().from(ticketTags);
    expect(tags.filter((row) => row.ticketId === ticket.id)).toHaveLength(1);
  });

  it('adds a tag with PUT and clears only the lane tags with DELETE', async () => {
    const lane = await buildLane();
    const plain = (await t.as(adminToken).post('/api/tags', { name: `Plain ${++sequence}`, color: '#000' })).body;
    const ticket = await buildTicket(companyId, { queueId: salesQueue });
    expect((await t.as(attendantToken).put(`/api/ticket-tags/${ticket.id}/${lane.id}`)).status).toBe(200);
    const added = await t.as(attendantToken).put(`/api/ticket-tags/${ticket.id}/${plain.id}`);
    expect(added.body.ticket.tags.map((tag: { id: number }) => tag.id).sort()).toEqual([lane.id, plain.id].sort());
    const cleared = await t.as(attendantToken).delete(`/api/ticket-tags/${ticket.id}`);
    expect(cleared.status).toBe(200);
    expect(cleared.body.ticket.tags.map((tag: { id: number }) => tag.id)).toEqual([plain.id]);
  });

  it('refuses a lane that is not a kanban tag and a ticket the attendant may not open', async () => {
    const plain = (await t.as(adminToken).post('/api/tags', { name: `Plain ${++sequence}`, color: '#000' })).body;
    const ticket = await buildTicket(companyId, { queueId: salesQueue });
    const notLane = await t
      .as(adminToken)
      .post(`/api/ticket-tags/${ticket.id}/move`, { fromTagId: null, toTagId: plain.id });
    expect(notLane.status).toBe(404);
    const hidden = await buildTicket(companyId, { queueId: supportQueue });
    const lane = await buildLane();
    const refused = await t
      .as(attendantToken)
      .post(`/api/ticket-tags/${hidden.id}/move`, { fromTagId: null, toTagId: lane.id });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('ERR_NO_TICKET_FOUND');
  });
});

describe('lane order', () => {
  it('is set by admins and supervisors, kept, and refused to attendants', async () => {
    const lanes = [await buildLane(), await buildLane(), await buildLane()];
    const reversed = lanes.map((lane) => lane.id).reverse();
    const saved = await t.as(supervisorToken).put('/api/tags/kanban/order', { tagIds: reversed });
    expect(saved.status).toBe(200);
    const listed = (await t.as(adminToken).get('/api/tags/kanban')).body.lista.map((tag: TagRecord) => tag.id);
    expect(listed.slice(0, 3)).toEqual(reversed);
    expect((await board(adminToken)).lanes.slice(1, 4).map((lane) => lane.tagId)).toEqual(reversed);
    const refused = await t.as(attendantToken).put('/api/tags/kanban/order', { tagIds: reversed });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
  });
});

describe('tenancy and plan', () => {
  it('answers 404 for another company’s ticket or tag and changes nothing', async () => {
    const lane = await buildLane();
    const foreignTicket = await buildTicket(otherCompanyId);
    const foreignLane = await buildLane(otherAdminToken);
    const mine = await buildTicket(companyId, { queueId: salesQueue });
    const as = t.as(adminToken);
    expect(
      (await as.post(`/api/ticket-tags/${foreignTicket.id}/move`, { fromTagId: null, toTagId: lane.id })).status,
    ).toBe(404);
    expect((await as.put(`/api/ticket-tags/${foreignTicket.id}/${lane.id}`)).status).toBe(404);
    expect((await as.delete(`/api/ticket-tags/${foreignTicket.id}`)).status).toBe(404);
    expect(
      (await as.post(`/api/ticket-tags/${mine.id}/move`, { fromTagId: null, toTagId: foreignLane.id })).status,
    ).toBe(404);
    expect((await as.put(`/api/ticket-tags/${mine.id}/${foreignLane.id}`)).status).toBe(404);
    expect((await as.put('/api/tags/kanban/order', { tagIds: [foreignLane.id] })).status).toBe(404);
    expect((await as.get(`/api/ticket/kanban?lane=${foreignLane.id}`)).status).toBe(404);
    const rows = await t.db.select().from(ticketTags);
    expect(rows.some((row) => row.ticketId === foreignTicket.id || row.tagId === foreignLane.id)).toBe(false);
    // Their board never shows our cards.
    const theirs = await board(otherAdminToken);
    expect(theirs.lanes.flatMap((l) => l.tickets).every((ticket) => ticket.companyId === otherCompanyId)).toBe(true);
  });

  it('never sends our moves to another company’s board', async () => {
    const ours = await buildLane();
    const theirsLane = await buildLane(otherAdminToken);
    const mine = await buildTicket(companyId, { queueId: salesQueue });
    const theirTicket = await buildTicket(otherCompanyId);
    const watcher = t.connectSocket(otherAdminToken);
    await waitFor(watcher, 'connect');
    watcher.emit('joinTickets', 'open');
    const room = rooms.tickets(otherCompanyId, 'open');
    await until(async () => (await t.platform.realtime.io.in(room).fetchSockets()).some((s) => s.id === watcher.id));
    const heard: number[] = [];
    watcher.onAny((_event: string, payload: { ticket?: { id: number } }) => {
      if (payload?.ticket) heard.push(payload.ticket.id);
    });
    const move = (token: string, id: number, toTagId: number) =>
      t.as(token).post(`/api/ticket-tags/${id}/move`, { fromTagId: null, toTagId });
    expect((await move(adminToken, mine.id, ours.id)).status).toBe(200);
    // Their own move, made after ours, is the marker: once it is heard, ours would have been too.
    expect((await move(otherAdminToken, theirTicket.id, theirsLane.id)).status).toBe(200);
    await until(() => heard.includes(theirTicket.id));
    expect(heard).not.toContain(mine.id);
    watcher.disconnect();
  });

  it('answers 403 on every kanban route to a plan without the flag', async () => {
    const company = await buildCompany(t.db, { planId: (await buildPlan(t.db, { useKanban: false })).id });
    const token = await tokenOf(await buildUser(t.db, { companyId: company.id, profile: 'admin' }));
    const ticket = await buildTicket(company.id);
    const as = t.as(token);
    const answers = await Promise.all([
      as.get('/api/ticket/kanban'),
      as.get('/api/tags/kanban'),
      as.post(`/api/ticket-tags/${ticket.id}/move`, { fromTagId: null, toTagId: 1 }),
      as.put(`/api/ticket-tags/${ticket.id}/1`),
      as.delete(`/api/ticket-tags/${ticket.id}`),
      as.put('/api/tags/kanban/order', { tagIds: [1] }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
  });
});
