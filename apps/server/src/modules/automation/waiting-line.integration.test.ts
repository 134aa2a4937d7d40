import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { tickets, users } from '../../tables.ts';
import { assignmentSweepJob } from '../tickets/tickets.jobs.ts';
import { company, createTestClock, customer, queue } from './automation.test-helpers.ts';

// The customer's waiting line (issue 48, docs/decisions/fair-assignment.md): the queue's waiting
// message on entering the line, updates when the position improves, their spacing and their limit.

const clock = createTestClock();
let t: TestServer;
const sockets: { close(): void }[] = [];
beforeAll(async () => {
  t = await startTestServer({}, { clock: clock.now });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

describe('the waiting line the customer sees', () => {
  it('tells each customer their place on entering, and again when it improves, spaced and limited', async () => {
    const ctx = await company(t);
    const line = await queue(ctx.api, {
      name: 'Line',
      assignmentMode: 'balanced',
      waitingMessage: 'You are number {{queuePosition}}, about {{estimatedWait}}.',
      waitingUpdateMinutes: 3,
      waitingUpdateMax: 1,
    });
    const connection = await pairedSandbox(t, ctx.token, { queueIds: [line.id] });
    const email = `waiting-line-${Date.now()}@example.com`;
    await ctx.api.post('/api/users', {
      name: 'Solo',
      email,
      password: 'secret123',
      queueIds: [line.id],
      ticketCapacity: 1,
    });
    const { token } = await t.login(email, 'secret123');
    const socket = t.connectSocket(token);
    sockets.push(socket);
    await waitFor(socket, 'connect');
    socket.emit('userStatus');
    await waitUntil(
      async () => (await t.db.select().from(users).where(eq(users.email, email)))[0]?.online,
      undefined,
      'online',
    );

    const [a, b, c, d] = Array.from({ length: 4 }, () => customer(ctx.api, connection.id));
    for (const me of [a, b, c, d]) await me.say('hello');
    // The first is assigned at once and told nothing; the others learn their place. One attendant,
    // no history: ten minutes a ticket.
    expect(await a.received()).toEqual([]);
    expect(await b.received()).toEqual(['You are number 1, about 10 min.']);
    expect(await c.received()).toEqual(['You are number 2, about 20 min.']);
    expect(await d.received()).toEqual(['You are number 3, about 30 min.']);

    const held = async () =>
      (
        await t.db
          .select()
          .from(tickets)
          .where(and(eq(tickets.companyId, ctx.company.id), eq(tickets.status, 'open')))
      )[0];
    const api = t.as(token);
    // A slot frees: b is assigned; c and d moved up, but were told less than 3 minutes ago.
    await api.put(`/api/tickets/${(await held()).id}`, { status: 'closed' });
    expect(await c.received()).toEqual([]);
    clock.shiftMinutes = 4;
    await t.platform.jobs.runNow(assignmentSweepJob);
    expect(await c.received()).toEqual([expect.stringMatching(/^You are number 1, about \d+ min\.$/)]);
    expect(await d.received()).toEqual([expect.stringMatching(/^You are number 2, about \d+ min\.$/)]);

    // Another slot frees and time passes: d is at most told once more (waitingUpdateMax 1).
    await api.put(`/api/tickets/${(await held()).id}`, { status: 'closed' });
    clock.shiftMinutes = 8;
    await t.platform.jobs.runNow(assignmentSweepJob);
    expect(await d.received()).toEqual([]);
    expect(await b.received()).toEqual([]);
  });
});
