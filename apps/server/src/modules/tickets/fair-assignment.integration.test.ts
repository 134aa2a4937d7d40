import type { QueueMonitor, QueueWaitingList, UserRecord, UsersPage } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { tickets, users } from '../../tables.ts';
import { company, customer, queue } from '../automation/automation.test-helpers.ts';
import { assignmentSweepJob as assignmentSweep } from './tickets.jobs.ts';

// Automatic assignment (issue 48, docs/decisions/fair-assignment.md): balanced and round robin
// queues, capacity, pause and presence, the line's order, manual queues, other companies.

type Context = Awaited<ReturnType<typeof company>>;

let t: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

let userSeq = 0;

/** An attendant of the given queues, created by the admin through the API and logged in. */
async function attendant(ctx: Context, queueIds: number[], fields: Record<string, unknown> = {}) {
  const email = `attendant-${process.pid}-${++userSeq}@example.com`;
  const created = await ctx.api.post('/api/users', {
    name: `Attendant ${userSeq}`,
    email,
    password: 'secret123',
    queueIds,
    ...fields,
  });
  expect(created.status).toBe(201);
  const { token } = await t.login(email, 'secret123');
  return { id: (created.body as UserRecord).id, token, api: t.as(token) };
}

/** The attendant's screen is open: its heartbeat marks them online. */
async function goOnline(user: { id: number; token: string }) {
  const socket = t.connectSocket(user.token);
  sockets.push(socket);
  await waitFor(socket, 'connect');
  socket.emit('userStatus');
  await waitUntil(
    async () => (await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.online,
    undefined,
    'online',
  );
}

/** A queue with its own sandbox connection: a customer writing there lands in it. */
async function queueWithConnection(ctx: Context, fields: Record<string, unknown>) {
  const created = await queue(ctx.api, { name: `Queue ${++userSeq}`, ...fields });
  const connection = await pairedSandbox(t, ctx.token, { queueIds: [created.id] });
  return { ...created, connection };
}

async function ticketsOf(companyId: number) {
  return t.db.select().from(tickets).where(eq(tickets.companyId, companyId));
}

/** Each attendant's tickets that are not closed. */
async function loadOf(companyId: number) {
  const load = new Map<number, number>();
  for (const ticket of await ticketsOf(companyId)) {
    if (ticket.userId && ticket.status !== 'closed') load.set(ticket.userId, (load.get(ticket.userId) ?? 0) + 1);
  }
  return load;
}

async function waitAssigned(companyId: number, count: number) {
  return waitUntil(
    async () => {
      const assigned = (await ticketsOf(companyId)).filter((ticket) => ticket.userId !== null);
      return assigned.length >= count ? assigned : null;
    },
    undefined,
    `${count} tickets assigned`,
  );
}

describe('automatic assignment', () => {
  it('balanced: spreads the tickets within one of even, each taken as an accept', async () => {
    const ctx = await company(t);
    const sales = await queueWithConnection(ctx, { assignmentMode: 'balanced' });
    expect(sales).toMatchObject({ assignmentMode: 'balanced', waitingUpdateMinutes: 3, waitingUpdateMax: 3 });
    const team = [];
    for (let index = 0; index < 3; index++) team.push(await attendant(ctx, [sales.id], { ticketCapacity: 10 }));
    for (const member of team) await goOnline(member);
    for (let index = 0; index < 10; index++) await customer(ctx.api, sales.connection.id).say('hello');
    const assigned = await waitAssigned(ctx.company.id, 10);
    expect(assigned.every((ticket) => ticket.status === 'open' && ticket.acceptedAt !== null)).toBe(true);
    const counts = team.map((member) => assigned.filter((ticket) => ticket.userId === member.id).length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(counts.reduce((a, b) => a + b)).toBe(10);
  });

  it('round robin: each attendant takes a turn, whatever their load', async () => {
    const ctx = await company(t);
    const support = await queueWithConnection(ctx, { assignmentMode: 'roundRobin' });
    const team = [];
    for (let index = 0; index < 3; index++) team.push(await attendant(ctx, [support.id]));
    for (const member of team) await goOnline(member);
    const order: number[] = [];
    for (let index = 0; index < 6; index++) {
      const me = customer(ctx.api, support.connection.id);
      await me.say('hi');
      const [ticket] = await waitAssigned(ctx.company.id, index + 1).then((all) =>
        all.filter((row) => !order.includes(row.id)),
      );
      order.push(ticket.id);
    }
    const byTicket = new Map((await ticketsOf(ctx.company.id)).map((ticket) => [ticket.id, ticket.userId]));
    const turns = order.map((id) => byTicket.get(id));
    expect(turns.slice(0, 3).sort()).toEqual(team.map((member) => member.id).sort());
    expect(turns.slice(3)).toEqual(turns.slice(0, 3));
  });

  it('a paused, an offline and a zero-capacity attendant receive nothing; resuming takes the oldest waiting ticket', async () => {
    const ctx = await company(t);
    const sales = await queueWithConnection(ctx, { assignmentMode: 'balanced' });
    const active = await attendant(ctx, [sales.id], { ticketCapacity: 2 });
    const paused = await attendant(ctx, [sales.id]);
    await attendant(ctx, [sales.id]); // never online
    const none = await attendant(ctx, [sales.id], { ticketCapacity: 0 });

    const refused = await paused.api.post('/api/users/me/pause', { paused: true, reason: 'x'.repeat(201) });
    expect(refused.status).toBe(400);
    const pause = await paused.api.post('/api/users/me/pause', { paused: true, reason: 'Lunch' });
    expect(pause.status).toBe(200);
    expect(pause.body).toMatchObject({ paused: true, pauseReason: 'Lunch' });
    for (const member of [active, paused, none]) await goOnline(member);

    // Supervisors see who paused and why.
    const list = (await ctx.api.get('/api/users/')).body as UsersPage;
    expect(list.users.find((user) => user.id === paused.id)).toMatchObject({ paused: true, pauseReason: 'Lunch' });
    expect(list.users.find((user) => user.id === none.id)).toMatchObject({ ticketCapacity: 0, paused: false });

    for (let index = 0; index < 4; index++) await customer(ctx.api, sales.connection.id).say('hello');
    await waitAssigned(ctx.company.id, 2);
    const all = await ticketsOf(ctx.company.id);
    expect(all.filter((ticket) => ticket.userId !== null).every((ticket) => ticket.userId === active.id)).toBe(true);
    expect(all.filter((ticket) => ticket.status === 'pending')).toHaveLength(2);
    const oldestWaiting = all.filter((ticket) => ticket.status === 'pending').sort((a, b) => a.id - b.id)[0];

    // Resuming assigns before the answer comes: the first waiting ticket is theirs.
    const resumed = await paused.api.post('/api/users/me/pause', { paused: false });
    expect(resumed.body).toEqual({ paused: false, pauseReason: null, pausedAt: null });
    const [taken] = (await ticketsOf(ctx.company.id)).filter((ticket) => ticket.userId === paused.id);
    expect(taken?.id).toBe(oldestWaiting.id);
  });

  it('never goes over capacity under a burst, and a freed slot takes the first waiting ticket at once', async () => {
    const ctx = await company(t, { ticketCapacity: '3' });
    const queues: Awaited<ReturnType<typeof queueWithConnection>>[] = [];
    for (let index = 0; index < 3; index++) queues.push(await queueWithConnection(ctx, { assignmentMode: 'balanced' }));
    const [a, b, c] = queues.map((created) => created.id);
    const memberships = [[a], [a, b], [b], [b, c], [c]];
    const team: Awaited<ReturnType<typeof attendant>>[] = [];
    for (const queueIds of memberships) team.push(await attendant(ctx, queueIds));
    for (const member of team) await goOnline(member);

    const burst = Array.from({ length: 60 }, (_, index) => customer(ctx.api, queues[index % 3].connection.id));
    await Promise.all(burst.map((me) => me.say('hello')));
    await waitAssigned(ctx.company.id, 15);
    await waitUntil(async () => (await ticketsOf(ctx.company.id)).length === 60, undefined, 'all tickets stored');
    // Let any kick still running finish: the sweep must find nothing more to give.
    await t.platform.jobs.runNow(assignmentSweep);
    const load = await loadOf(ctx.company.id);
    expect([...load.values()].every((count) => count <= 3)).toBe(true);
    expect([...load.values()].reduce((x, y) => x + y, 0)).toBe(15);

    // The first member closes one ticket: the oldest waiting ticket of queue A is theirs before the answer.
    const [first] = team;
    // The line in the engine's order (queued_at to the microsecond, then id): the monitor's list.
    const waitingInA = ((await ctx.api.get(`/api/queues/monitor/${a}/waiting`)).body as QueueWaitingList).tickets;
    const mine = (await ticketsOf(ctx.company.id)).find((ticket) => ticket.userId === first.id)!;
    const started = Date.now();
    const closed = await first.api.put(`/api/tickets/${mine.id}`, { status: 'closed' });
    expect(closed.status).toBe(200);
    const [next] = await ticketsOf(ctx.company.id).then((all) =>
      all.filter((ticket) => ticket.id === waitingInA[0].ticketId),
    );
    expect(next).toMatchObject({ userId: first.id, status: 'open' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await loadOf(ctx.company.id)).get(first.id)).toBe(3);
  });

  it('a ticket transferred into an automatic queue keeps its original place in line', async () => {
    const ctx = await company(t);
    const manual = await queueWithConnection(ctx, {});
    const line = await queueWithConnection(ctx, { assignmentMode: 'balanced' });
    const early = customer(ctx.api, manual.connection.id);
    await early.say('I came first');
    const busy = await attendant(ctx, [line.id], { ticketCapacity: 1 });
    await goOnline(busy);
    await customer(ctx.api, line.connection.id).say('one');
    const [held] = await waitAssigned(ctx.company.id, 1);
    await customer(ctx.api, line.connection.id).say('two');
    const second = (await ticketsOf(ctx.company.id)).find(
      (ticket) => ticket.queueId === line.id && ticket.status === 'pending',
    )!;

    const transferred = (await ticketsOf(ctx.company.id)).find((ticket) => ticket.queueId === manual.id)!;
    expect(transferred.queuedAt).not.toBeNull();
    const moved = await ctx.api.put(`/api/tickets/${transferred.id}`, { queueId: line.id });
    expect(moved.status).toBe(200);
    const after = (await ticketsOf(ctx.company.id)).find((ticket) => ticket.id === transferred.id)!;
    expect(after.queuedAt?.getTime()).toBe(transferred.queuedAt?.getTime());

    await busy.api.put(`/api/tickets/${held.id}`, { status: 'closed' });
    const byId = new Map((await ticketsOf(ctx.company.id)).map((ticket) => [ticket.id, ticket]));
    expect(byId.get(transferred.id)).toMatchObject({ userId: busy.id, status: 'open' });
    expect(byId.get(second.id)).toMatchObject({ userId: null, status: 'pending' });
  });

  it('a manual queue behaves as before: tickets wait for an Accept', async () => {
    const ctx = await company(t);
    const manual = await queueWithConnection(ctx, {});
    expect(manual).toMatchObject({ assignmentMode: 'manual' });
    const member = await attendant(ctx, [manual.id]);
    await goOnline(member);
    await customer(ctx.api, manual.connection.id).say('hello');
    await waitUntil(async () => (await ticketsOf(ctx.company.id)).length === 1, undefined, 'ticket');
    await t.platform.jobs.runNow(assignmentSweep);
    const [ticket] = await ticketsOf(ctx.company.id);
    expect(ticket).toMatchObject({ status: 'pending', userId: null, queueId: manual.id });
    // Accepting may go over capacity: the manual path knows no capacity.
    await ctx.api.put('/api/settings/ticketCapacity', { value: '0' });
    const accepted = await member.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    expect(accepted.body).toMatchObject({ status: 'open', userId: member.id });
  });

  it('one company never gets another company’s tickets; capacity and pause touch only one’s own users', async () => {
    const one = await company(t);
    const two = await company(t);
    const sales = await queueWithConnection(one, { assignmentMode: 'balanced' });
    const theirs = await queueWithConnection(two, { assignmentMode: 'balanced' });
    const outsider = await attendant(two, [theirs.id]);
    await goOnline(outsider);
    const own = await attendant(one, [sales.id]);
    await own.api.post('/api/users/me/pause', { paused: true });
    await goOnline(own);

    await customer(one.api, sales.connection.id).say('hello');
    await waitUntil(async () => (await ticketsOf(one.company.id)).length === 1, undefined, 'ticket');
    await t.platform.jobs.runNow(assignmentSweep);
    expect((await ticketsOf(one.company.id))[0]).toMatchObject({ status: 'pending', userId: null });

    // Another company's user is not found; a user cannot set their own capacity; pausing names no one else.
    const foreign = await one.api.put(`/api/users/${outsider.id}`, {
      name: 'Taken',
      email: 'taken@example.com',
      ticketCapacity: 50,
    });
    expect(foreign.status).toBe(404);
    const self = await own.api.put(`/api/users/${own.id}`, {
      name: 'Me',
      email: `me-${own.id}@example.com`,
      ticketCapacity: 50,
    });
    expect(self.status).toBe(403);
    await one.api.post('/api/users/me/pause', { paused: true, userId: outsider.id });
    const [outsiderRow] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, outsider.id)));
    expect(outsiderRow).toMatchObject({ assignmentPaused: false, ticketCapacity: null });

    // Resumed, their own attendant takes it.
    await own.api.post('/api/users/me/pause', { paused: false });
    expect((await ticketsOf(one.company.id))[0]).toMatchObject({ status: 'open', userId: own.id });
    expect(await ticketsOf(two.company.id)).toHaveLength(0);
  });

  it('the monitor counts each queue’s line and attendants; supervisors and admins only, own company only', async () => {
    const ctx = await company(t, { ticketCapacity: '1' });
    const line = await queueWithConnection(ctx, { assignmentMode: 'balanced' });
    const full = await attendant(ctx, [line.id]);
    const resting = await attendant(ctx, [line.id]);
    const offline = await attendant(ctx, [line.id]);
    const supervisor = await attendant(ctx, [], { profile: 'supervisor' });
    await resting.api.post('/api/users/me/pause', { paused: true, reason: 'Break' });
    await goOnline(full);
    await goOnline(resting);
    const waitingCustomers = [];
    for (let index = 0; index < 3; index++) {
      const me = customer(ctx.api, line.connection.id);
      await me.say('hello');
      waitingCustomers.push(me);
    }
    await waitAssigned(ctx.company.id, 1);

    expect((await full.api.get('/api/queues/monitor')).status).toBe(403);
    const monitor = (await supervisor.api.get('/api/queues/monitor')).body as QueueMonitor;
    expect(monitor.queues).toEqual([
      expect.objectContaining({
        queueId: line.id,
        assignmentMode: 'balanced',
        waiting: 2,
        online: 2,
        paused: 1,
        atCapacity: 1,
        assignedToday: 1,
        closedToday: 0,
      }),
    ]);
    expect(monitor.queues[0].longestWaitingSince).not.toBeNull();
    // Supervisors see who is online, their load against capacity, and who paused and why.
    expect(monitor.attendants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: full.id, queueIds: [line.id], openTickets: 1, capacity: 1, paused: false }),
        expect.objectContaining({
          userId: resting.id,
          queueIds: [line.id],
          openTickets: 0,
          capacity: 1,
          paused: true,
          pauseReason: 'Break',
        }),
      ]),
    );
    expect(monitor.attendants.map((row) => row.userId)).not.toContain(offline.id);

    const list = (await ctx.api.get(`/api/queues/monitor/${line.id}/waiting`)).body as QueueWaitingList;
    const pending = (await ticketsOf(ctx.company.id))
      .filter((ticket) => ticket.status === 'pending')
      .sort((a, b) => a.id - b.id);
    expect(list.tickets.map((ticket) => [ticket.position, ticket.ticketId])).toEqual(
      pending.map((ticket, index) => [index + 1, ticket.id]),
    );

    const other = await company(t);
    expect((await other.api.get('/api/queues/monitor')).body as QueueMonitor).toEqual({ queues: [], attendants: [] });
    expect((await other.api.get(`/api/queues/monitor/${line.id}/waiting`)).status).toBe(404);
  });

  it('a user’s workload: open tickets against capacity, an Accept may pass it; own company only', async () => {
    const ctx = await company(t, { ticketCapacity: '1' });
    const line = await queueWithConnection(ctx, { assignmentMode: 'manual' });
    const member = await attendant(ctx, [line.id]);
    const roomy = await attendant(ctx, [line.id], { ticketCapacity: 3 });
    expect((await member.api.get(`/api/users/${member.id}/workload`)).body).toEqual({
      userId: member.id,
      openTickets: 0,
      capacity: 1,
    });
    expect((await member.api.get(`/api/users/${roomy.id}/workload`)).body).toEqual({
      userId: roomy.id,
      openTickets: 0,
      capacity: 3,
    });

    // A manual queue: the attendant accepts two tickets, one over their capacity of 1.
    for (let index = 0; index < 2; index++) await customer(ctx.api, line.connection.id).say('hello');
    const pending = await waitUntil(
      async () => {
        const rows = await ticketsOf(ctx.company.id);
        return rows.length === 2 ? rows : null;
      },
      undefined,
      'two tickets',
    );
    for (const ticket of pending) {
      const accepted = await member.api.put(`/api/tickets/${ticket.id}`, { status: 'open', userId: member.id });
      expect(accepted.status).toBe(200);
    }
    expect((await member.api.get(`/api/users/${member.id}/workload`)).body).toMatchObject({
      openTickets: 2,
      capacity: 1,
    });

    // Another company's user is not found, and a missing id neither.
    const other = await company(t);
    expect((await other.api.get(`/api/users/${member.id}/workload`)).status).toBe(404);
    expect((await member.api.get('/api/users/999999/workload')).status).toBe(404);
    expect((await t.request('GET', `/api/users/${member.id}/workload`)).status).toBe(401);
  });
});
