import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { buildServer, type Server } from '../../app.ts';
import { openPostgres } from '../../platform/db/client.ts';
import { messages } from '../../tables.ts';
import { routingTimersJob } from './automation.jobs.ts';
import { company, createTestClock, customer, queue, systemMessagesOf, ticketOf } from './automation.test-helpers.ts';

// The transfer and inactivity timers: sweeps, two nodes on one database, a restart.

/** One sweep of the timers on a server, as its cron job runs it: what it moved and closed. */
const sweepTimers = (server: Server) =>
  server.platform.jobs.runNow(routingTimersJob) as Promise<{ moved: number; closed: number }>;

const clock = createTestClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { clock: clock.now });
});
afterAll(() => t.close());

describe('timers', () => {
  it('moves a queue-less pending ticket to the transfer queue after timeToTransfer minutes', async () => {
    const ctx = await company(t, { sendMsgTransfTicket: 'enabled' });
    const sales = await queue(ctx.api, { name: 'Sales' });
    const connection = await pairedSandbox(t, ctx.token, { timeToTransfer: 10, transferQueueId: sales.id });
    const me = customer(ctx.api, connection.id);
    await me.say('hi');
    try {
      clock.shiftMinutes = 9;
      await sweepTimers(t.server);
      expect((await ticketOf(t, ctx.company.id, me.number)).queueId).toBeNull();
      clock.shiftMinutes = 11;
      await sweepTimers(t.server);
      expect((await ticketOf(t, ctx.company.id, me.number)).queueId).toBe(sales.id);
      // (The once-a-minute cron job sweeps with the same clock and may be the one that moved it.)
      expect(await waitUntil(async () => (await me.received()).find((body) => body.includes('*Sales*')))).toBeTruthy();
      // Swept again: nothing happens twice.
      await sweepTimers(t.server);
      expect(await me.received()).toEqual([]);
    } finally {
      clock.shiftMinutes = 0;
    }
  });

  // PGlite is an embedded database owned by one process: there is no second node to run on it.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a due timer fires exactly once when two server instances sweep one PostgreSQL database (skipped on PGlite: one process owns an embedded database)',
    async () => {
      const ctx = await company(t, { sendMsgTransfTicket: 'enabled' });
      const sales = await queue(ctx.api, { name: 'Sales' });
      const transferring = await pairedSandbox(t, ctx.token, { timeToTransfer: 10, transferQueueId: sales.id });
      const expiring = await pairedSandbox(t, ctx.token, {
        expiresTicket: 30,
        expiresInactiveMessage: 'Closed for inactivity.',
      });
      const waiting = customer(ctx.api, transferring.id);
      await waiting.say('hello?');
      const idle = customer(ctx.api, expiring.id);
      await idle.say('hi');
      const idleTicket = await ticketOf(t, ctx.company.id, idle.number);
      await ctx.api.put(`/api/tickets/${idleTicket.id}`, { status: 'open' });
      await ctx.api.post(`/api/messages/${idleTicket.id}`, { body: 'How can I help?' });
      const waitingTicket = await ticketOf(t, ctx.company.id, waiting.number);

      // A second node: its own pool on the same database, its own job queue, the same clock.
      const secondDatabase = await openPostgres(t.database.connectionString!);
      const second = await buildServer(t.config, secondDatabase, { logger: false }, { clock: clock.now });
      await second.platform.jobs.start();
      try {
        clock.shiftMinutes = 31;
        const sweeps = await Promise.all([
          sweepTimers(t.server),
          sweepTimers(second),
          sweepTimers(t.server),
          sweepTimers(second),
        ]);
        // Each node's once-a-minute cron job may sweep too: at most one sweep acts on each ticket.
        expect(sweeps.reduce((sum, sweep) => sum + sweep.moved, 0)).toBeLessThanOrEqual(1);
        expect(sweeps.reduce((sum, sweep) => sum + sweep.closed, 0)).toBeLessThanOrEqual(1);
        expect(await ticketOf(t, ctx.company.id, waiting.number)).toMatchObject({
          queueId: sales.id,
          status: 'pending',
        });
        expect(await ticketOf(t, ctx.company.id, idle.number)).toMatchObject({ status: 'closed' });
        await Promise.all([sweepTimers(t.server), sweepTimers(second)]);
        expect((await systemMessagesOf(t, waitingTicket.id)).map((message) => message.body)).toEqual([
          '*Mensagem automática*:\nVocê foi transferido para o departamento *Sales*, aguarde que já vamos te atender!',
        ]);
        expect((await systemMessagesOf(t, idleTicket.id)).map((message) => message.body)).toEqual([
          'Closed for inactivity.',
        ]);
      } finally {
        clock.shiftMinutes = 0;
        await second.stop();
        await secondDatabase.close();
      }
    },
  );

  it('after a restart, closes an idle open ticket whose last word was ours and moves a waiting one', async () => {
    const ctx = await company(t);
    const connection = await pairedSandbox(t, ctx.token, {
      expiresTicket: 30,
      expiresInactiveMessage: 'Closed for inactivity.',
    });
    const quiet = customer(ctx.api, connection.id);
    const talkative = customer(ctx.api, connection.id);
    for (const person of [quiet, talkative]) {
      await person.say('hi');
      const ticket = await ticketOf(t, ctx.company.id, person.number);
      await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
      await ctx.api.post(`/api/messages/${ticket.id}`, { body: 'How can I help?' });
    }
    await talkative.say('one moment');
    // And a queue-less pending ticket on a connection with a transfer timer.
    const sales = await queue(ctx.api, { name: 'Sales' });
    const transferring = await pairedSandbox(t, ctx.token, { timeToTransfer: 20, transferQueueId: sales.id });
    const waiting = customer(ctx.api, transferring.id);
    await waiting.say('hello?');

    // The timer's state is in the database: a new server on the same data, 31 minutes later, closes it.
    await t.server.stop();
    const second = await buildServer(
      t.config,
      t.database,
      { logger: false },
      {
        clock: () => new Date(Date.now() + 31 * 60_000),
      },
    );
    await second.start({ port: 0, host: '127.0.0.1' });
    try {
      // The minute's cron job of the new server may get there first: the end state is what counts.
      await sweepTimers(second);
      expect((await ticketOf(t, ctx.company.id, waiting.number)).queueId).toBe(sales.id);
      const closed = await ticketOf(t, ctx.company.id, quiet.number);
      expect(closed).toMatchObject({ status: 'closed' });
      expect((await ticketOf(t, ctx.company.id, talkative.number)).status).toBe('open');
      const last = await waitUntil(async () => {
        const [found] = await t.db
          .select()
          .from(messages)
          .where(and(eq(messages.ticketId, closed.id), eq(messages.body, 'Closed for inactivity.')));
        return found;
      });
      expect(last).toMatchObject({ fromMe: true, isSystem: true });
      // pg-boss keeps the once-a-minute sweep in the database, one schedule for all nodes.
      const schedules = await t.database.executeSql(
        `select name, cron from pgboss.schedule where name = 'automation.timers'`,
        [],
      );
      expect(schedules.rows).toEqual([{ name: 'automation.timers', cron: '* * * * *' }]);
    } finally {
      await second.stop();
      t.server.stop = async () => undefined;
    }
  });
});
