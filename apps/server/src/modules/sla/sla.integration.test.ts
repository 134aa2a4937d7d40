import type { SlaBreachEvent, SlaPolicyRecord, TicketRecord } from '@wacrm/shared';
import { toWallClockInput } from '@wacrm/shared';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { type FakeSmtpServer, readMail, startFakeSmtpServer } from '../../../test/fake-smtp-server.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { queryRows } from '../../platform/db/client.ts';
import { slaCycles, slaSummarySends, userQueues } from '../../tables.ts';
import { company, createTestClock, customer, queue, ticketOf } from '../automation/automation.test-helpers.ts';
import { countSlaTargets } from './index.ts';
import { slaBreachSweepJob, weeklySummaryJob, weeklySummarySweepJob } from './sla.jobs.ts';

// Service levels (docs/decisions/service-levels.md): policies, the sla field of open tickets,
// first response and resolution, breaches told once to the queue's supervisors, the weekly summary.

type Context = Awaited<ReturnType<typeof company>>;

const clock = createTestClock();
let t: TestServer;
let smtp: FakeSmtpServer;
const sockets: Socket[] = [];
let seq = 0;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  t = await startTestServer(
    { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'crm@example.com' },
    { clock: clock.now },
  );
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
  await smtp.close();
});

async function member(ctx: Context, profile: 'admin' | 'supervisor' | 'user', queueIds: number[] = []) {
  const user = await buildUser(t.db, { companyId: ctx.company.id, profile, name: `${profile} ${++seq}` });
  if (queueIds.length) await t.db.insert(userQueues).values(queueIds.map((queueId) => ({ userId: user.id, queueId })));
  const { token } = await t.login(user.email, TEST_PASSWORD);
  return { ...user, token, api: t.as(token) };
}

async function listening(token: string, companyId: number) {
  const socket = t.connectSocket(token);
  sockets.push(socket);
  await waitFor(socket, 'connect');
  const received: SlaBreachEvent[] = [];
  socket.on(`company-${companyId}-sla`, (event: SlaBreachEvent) => received.push(event));
  return received;
}

/** A company with one queue on its own connection, and an SLA policy for it. */
async function setup(policy: Record<string, unknown> = {}) {
  const ctx = await company(t);
  const support = await queue(ctx.api, { name: `Support ${++seq}` });
  const connection = await pairedSandbox(t, ctx.token, { queueIds: [support.id] });
  const created = await ctx.api.post('/api/sla-policies', {
    name: 'Support targets',
    queueIds: [support.id],
    firstResponseSeconds: 300,
    resolutionSeconds: 3600,
    ...policy,
  });
  expect(created.status).toBe(201);
  return { ...ctx, support, connection, policy: created.body as SlaPolicyRecord };
}

/** A customer writes; answers the ticket once its cycle has started. */
async function customerWrites(ctx: Awaited<ReturnType<typeof setup>>) {
  const person = customer(ctx.api, ctx.connection.id);
  await person.say('Hello, my internet is down');
  const ticket = await waitUntil(async () => {
    const found = await ticketOf(t, ctx.company.id, person.number);
    if (!found) return null;
    const record = (await ctx.api.get(`/api/tickets/${found.id}`)).body as TicketRecord;
    return record.sla ? record : null;
  });
  return ticket;
}

describe('policies', () => {
  it('lets admins create, list, update and delete them, with their queues', async () => {
    const ctx = await setup();
    expect(ctx.policy).toMatchObject({ name: 'Support targets', queueIds: [ctx.support.id], businessHours: false });
    const updated = await ctx.api.put(`/api/sla-policies/${ctx.policy.id}`, {
      name: 'Faster',
      queueIds: [ctx.support.id],
      firstResponseSeconds: 120,
      resolutionSeconds: null,
      businessHours: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Faster', firstResponseSeconds: 120, resolutionSeconds: null });
    expect((await ctx.api.get('/api/sla-policies')).body).toHaveLength(1);
    expect((await ctx.api.delete(`/api/sla-policies/${ctx.policy.id}`)).status).toBe(204);
    expect((await ctx.api.get('/api/sla-policies')).body).toEqual([]);
  });

  it('refuses bad input with clear codes', async () => {
    const ctx = await setup();
    const other = await company(t);
    const foreignQueue = await queue(other.api, { name: 'Theirs' });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: 'No target', firstResponseSeconds: null, resolutionSeconds: null }, 400, 'ERR_VALIDATION'],
      [{ name: '', firstResponseSeconds: 60 }, 400, 'ERR_VALIDATION'],
      [{ name: 'Tiny', firstResponseSeconds: 5 }, 400, 'ERR_VALIDATION'],
      [{ name: 'Foreign', queueIds: [foreignQueue.id], firstResponseSeconds: 60 }, 400, 'ERR_SLA_QUEUE_NOT_FOUND'],
      [{ name: 'Taken', queueIds: [ctx.support.id], firstResponseSeconds: 60 }, 409, 'ERR_SLA_QUEUE_TAKEN'],
    ];
    for (const [body, status, error] of cases) {
      const response = await ctx.api.post('/api/sla-policies', body);
      expect([response.status, (response.body as { error: string }).error]).toEqual([status, error]);
    }
    expect((await ctx.api.post('/api/sla-policies', { name: 'Default', firstResponseSeconds: 60 })).status).toBe(201);
    const second = await ctx.api.post('/api/sla-policies', { name: 'Default 2', firstResponseSeconds: 60 });
    expect([second.status, (second.body as { error: string }).error]).toEqual([409, 'ERR_SLA_DEFAULT_TAKEN']);
  });

  it('is for admins only, and never another company', async () => {
    const ctx = await setup();
    const supervisor = await member(ctx, 'supervisor', [ctx.support.id]);
    expect((await supervisor.api.get('/api/sla-policies')).status).toBe(403);
    expect((await supervisor.api.post('/api/sla-policies', {})).status).toBe(403);
    const other = await company(t);
    expect((await other.api.get(`/api/sla-policies/${ctx.policy.id}`)).status).toBe(404);
    expect(
      (await other.api.put(`/api/sla-policies/${ctx.policy.id}`, { name: 'x', firstResponseSeconds: 60 })).status,
    ).toBe(404);
    expect((await other.api.delete(`/api/sla-policies/${ctx.policy.id}`)).status).toBe(404);
    expect((await other.api.get('/api/sla-policies')).body).toEqual([]);
  });
});

describe('a ticket under a policy', () => {
  it('carries its due times, loses the first-response one when an attendant answers, and ends at close', async () => {
    const ctx = await setup();
    const attendant = await member(ctx, 'user', [ctx.support.id]);
    const ticket = await customerWrites(ctx);
    const sla = ticket.sla!;
    const started = Date.parse(sla.startedAt);
    expect(Date.parse(sla.firstResponseDueAt!) - started).toBe(300_000);
    expect(Date.parse(sla.resolutionDueAt!) - started).toBe(3_600_000);
    expect(sla.breached).toBe(false);
    // Each target's check waits in the job table until it is due: it outlives a restart.
    const checks = await queryRows<{ kind: string; start_after: Date }>(
      t.db,
      sql`select data->>'kind' as kind, start_after from pgboss.job
        where name = 'sla.breach-check' and (data->>'companyId')::int = ${ctx.company.id} order by start_after`,
    );
    expect(checks.map((check) => check.kind)).toEqual(['firstResponse', 'resolution']);
    expect(new Date(checks[1].start_after).getTime()).toBeGreaterThanOrEqual(Date.parse(sla.resolutionDueAt!) - 1000);
    // The list carries the same field.
    const list = (await ctx.api.get('/api/tickets?status=pending&showAll=true')).body as { tickets: TicketRecord[] };
    expect(list.tickets.find((row) => row.id === ticket.id)?.sla).toEqual(sla);

    expect(
      (await attendant.api.put(`/api/tickets/${ticket.id}`, { status: 'open', userId: attendant.id })).status,
    ).toBe(200);
    // A message moves the ticket's time and preview only: it is told with the ticket's own state as
    // the state before, so a message on a ticket closed earlier (a campaign's) ends no cycle again.
    const toldStates: unknown[] = [];
    let isListening = true;
    t.platform.realtime.domain.subscribe((event) => {
      if (isListening && event.type === 'ticket.changed' && event.ticket.id === ticket.id) {
        toldStates.push(event.previous);
      }
    });
    expect((await attendant.api.post(`/api/messages/${ticket.id}`, { body: 'On it!' })).status).toBeLessThan(300);
    isListening = false;
    expect(toldStates).toContainEqual({ status: 'open', queueId: ctx.support.id, userId: attendant.id });
    const answered = await waitUntil(async () => {
      const record = (await ctx.api.get(`/api/tickets/${ticket.id}`)).body as TicketRecord;
      return record.sla?.firstResponseDueAt === null ? record : null;
    });
    expect(answered.sla).toMatchObject({ resolutionDueAt: sla.resolutionDueAt, breached: false });

    expect((await attendant.api.put(`/api/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);
    expect(((await ctx.api.get(`/api/tickets/${ticket.id}`)).body as TicketRecord).sla).toBeNull();
    const [cycle] = await t.db.select().from(slaCycles).where(eq(slaCycles.ticketId, ticket.id));
    expect(cycle).toMatchObject({ userId: attendant.id, queueId: ctx.support.id });
    expect(cycle.closedAt).not.toBeNull();
  });

  it('tells a breach once, to the queue supervisors only, never another company', async () => {
    const ctx = await setup();
    const supervisor = await member(ctx, 'supervisor', [ctx.support.id]);
    const otherQueue = await queue(ctx.api, { name: `Other ${++seq}` });
    const elsewhere = await member(ctx, 'supervisor', [otherQueue.id]);
    const other = await company(t);
    const otherSupervisor = await member(other, 'supervisor');
    const heard = {
      supervisor: await listening(supervisor.token, ctx.company.id),
      admin: await listening(ctx.token, ctx.company.id),
      elsewhere: await listening(elsewhere.token, ctx.company.id),
      other: await listening(otherSupervisor.token, other.company.id),
    };
    const ticket = await customerWrites(ctx);

    clock.shiftMinutes = 6;
    try {
      await t.platform.jobs.runNow(slaBreachSweepJob);
      await t.platform.jobs.runNow(slaBreachSweepJob);
      await waitUntil(() => heard.supervisor.length > 0 || null);
      expect(heard.supervisor).toEqual([
        expect.objectContaining({
          action: 'breach',
          kind: 'firstResponse',
          ticket: expect.objectContaining({ id: ticket.id }),
        }),
      ]);
      const record = (await ctx.api.get(`/api/tickets/${ticket.id}`)).body as TicketRecord;
      expect(record.sla?.breached).toBe(true);
      const bell = (await supervisor.api.get('/api/sla/breaches')).body as { ticketId: number }[];
      expect(bell.map((row) => row.ticketId)).toEqual([ticket.id]);
      expect((await elsewhere.api.get('/api/sla/breaches')).body).toEqual([]);
      expect((await otherSupervisor.api.get('/api/sla/breaches')).body).toEqual([]);
    } finally {
      clock.shiftMinutes = 0;
    }
    // Nothing more arrives: the admin (the queue has a supervisor), the other queue, the other company.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.supervisor).toHaveLength(1);
    expect([heard.admin, heard.elsewhere, heard.other]).toEqual([[], [], []]);
  });

  it('re-targets a transferred ticket from its original start', async () => {
    const ctx = await setup();
    const sales = await queue(ctx.api, { name: `Sales ${++seq}` });
    const slow = await ctx.api.post('/api/sla-policies', {
      name: 'Sales',
      queueIds: [sales.id],
      firstResponseSeconds: 1200,
    });
    expect(slow.status).toBe(201);
    const ticket = await customerWrites(ctx);
    expect((await ctx.api.put(`/api/tickets/${ticket.id}`, { queueId: sales.id })).status).toBe(200);
    const moved = await waitUntil(async () => {
      const record = (await ctx.api.get(`/api/tickets/${ticket.id}`)).body as TicketRecord;
      return record.sla?.resolutionDueAt === null ? record : null;
    });
    expect(moved.sla?.startedAt).toBe(ticket.sla?.startedAt);
    expect(Date.parse(moved.sla!.firstResponseDueAt!) - Date.parse(moved.sla!.startedAt)).toBe(1_200_000);
  });
});

describe('priorities', () => {
  it('an attendant sets the priority; the most specific policy re-targets the cycle from its start', async () => {
    const ctx = await setup();
    // Urgent tickets of any queue: 60 s to answer (outranks the queue's general 300 s).
    const urgent = await ctx.api.post('/api/sla-policies', {
      name: 'Urgent anywhere',
      priorities: ['urgent'],
      firstResponseSeconds: 60,
    });
    expect(urgent.status, JSON.stringify(urgent.body)).toBe(201);
    expect(urgent.body).toMatchObject({ queueIds: [], priorities: ['urgent'] });
    const clash = await ctx.api.post('/api/sla-policies', {
      name: 'Also urgent',
      priorities: ['urgent', 'high'],
      firstResponseSeconds: 120,
    });
    expect([clash.status, clash.body.error]).toEqual([409, 'ERR_SLA_PRIORITY_TAKEN']);
    const bad = await ctx.api.post('/api/sla-policies', { name: 'x', priorities: ['asap'], firstResponseSeconds: 60 });
    expect([bad.status, bad.body.error]).toEqual([400, 'ERR_VALIDATION']);

    const ticket = await customerWrites(ctx);
    expect(ticket.priority).toBe('normal');
    const firstResponseAfter = (record: TicketRecord) =>
      Date.parse(record.sla!.firstResponseDueAt!) - Date.parse(record.sla!.startedAt);
    expect(firstResponseAfter(ticket)).toBe(300_000);

    const attendant = await member(ctx, 'user', [ctx.support.id]);
    const set = await attendant.api.put(`/api/tickets/${ticket.id}`, { priority: 'urgent' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((set.body as TicketRecord).priority).toBe('urgent');
    const retargeted = await waitUntil(async () => {
      const record = (await ctx.api.get(`/api/tickets/${ticket.id}`)).body as TicketRecord;
      return record.sla && firstResponseAfter(record) === 60_000 ? record : null;
    });
    expect(retargeted.sla?.startedAt).toBe(ticket.sla?.startedAt);
    expect(retargeted.sla?.resolutionDueAt).toBeNull();

    const unknown = await ctx.api.put(`/api/tickets/${ticket.id}`, { priority: 'asap' });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'ERR_VALIDATION']);
    // Another company can neither see nor set it.
    const other = await company(t);
    const foreign = await other.api.put(`/api/tickets/${ticket.id}`, { priority: 'low' });
    expect(foreign.status).toBe(404);
    expect(((await ctx.api.get(`/api/tickets/${ticket.id}`)).body as TicketRecord).priority).toBe('urgent');
  });
});

describe('business hours and reopening', () => {
  it('counts only the queue hours when the company routes by queue hours', async () => {
    const ctx = await company(t, { scheduleType: 'queue' });
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const support = await queue(ctx.api, {
      name: `Weekdays ${++seq}`,
      // 09:00-18:00 on weekdays, closed at the weekend (São Paulo, the company's default zone).
      schedules: days.map((weekdayEn, index) => ({
        weekday: weekdayEn,
        weekdayEn,
        startTime: index < 5 ? '09:00' : '00:00',
        endTime: index < 5 ? '18:00' : '00:00',
      })),
    });
    const connection = await pairedSandbox(t, ctx.token, { queueIds: [support.id] });
    const created = await ctx.api.post('/api/sla-policies', {
      name: 'Office hours',
      queueIds: [support.id],
      firstResponseSeconds: 1800,
      resolutionSeconds: 8 * 3600,
      businessHours: true,
    });
    expect(created.status).toBe(201);
    // Friday 17:30 in São Paulo: half an hour left that day, then Monday from 09:00.
    clock.fixed = new Date('2026-12-04T20:30:00Z');
    try {
      const ticket = await customerWrites({ ...ctx, support, connection, policy: created.body as SlaPolicyRecord });
      expect(ticket.sla).toMatchObject({
        startedAt: '2026-12-04T20:30:00.000Z',
        firstResponseDueAt: '2026-12-04T21:00:00.000Z',
        resolutionDueAt: '2026-12-07T19:30:00.000Z',
      });
    } finally {
      clock.fixed = null;
    }
  });

  it('starts a new cycle when the customer comes back after the close; the old one stays counted', async () => {
    const ctx = await setup();
    const attendant = await member(ctx, 'user', [ctx.support.id]);
    const first = await customerWrites(ctx);
    await attendant.api.put(`/api/tickets/${first.id}`, { status: 'open', userId: attendant.id });
    expect((await attendant.api.put(`/api/tickets/${first.id}`, { status: 'closed' })).status).toBe(200);
    const person = customer(ctx.api, ctx.connection.id, first.contact.number);
    await person.say('Me again');
    await waitUntil(async () => {
      const rows = await t.db.select().from(slaCycles).where(eq(slaCycles.companyId, ctx.company.id));
      return rows.length === 2 && rows.some((row) => row.closedAt === null) ? rows : null;
    });
    const counts = await countSlaTargets(t.platform, ctx.company.id, {
      from: new Date(Date.now() - 3600_000),
      to: new Date(Date.now() + 3600_000),
      queueIds: [ctx.support.id],
    });
    // The first cycle closed in time without an answer: its resolution met, its first response
    // neither (closed before it was due); the second is still running.
    expect(counts.resolution).toEqual({ met: 1, breached: 0 });
    expect(counts.firstResponse).toEqual({ met: 0, breached: 0 });
    // The reports' overview shows the same counts for today on the company's calendar.
    const today = toWallClockInput(new Date(), 'America/Sao_Paulo').slice(0, 10);
    const overview = await ctx.api.get(`/api/reports/overview?from=${today}&to=${today}&queueIds=${ctx.support.id}`);
    expect(overview.status).toBe(200);
    expect(overview.body.sla).toEqual({
      firstResponse: { met: 0, breached: 0 },
      resolution: { met: 1, breached: 0 },
    });
    // A tag filter has no service-level figures (cycles are not tagged).
    const tagged = await ctx.api.get(`/api/reports/overview?from=${today}&to=${today}&tagIds=1`);
    expect(tagged.body.sla).toBeNull();
  });
});

describe('weekly summary', () => {
  it('mails a subscribed admin once per week, on Monday 08:00 of the company clock', async () => {
    const ctx = await setup();
    expect((await ctx.api.get('/api/sla/weekly-summary')).body).toEqual({ subscribed: false });
    expect((await ctx.api.put('/api/sla/weekly-summary', { subscribed: true })).body).toEqual({ subscribed: true });
    const supervisor = await member(ctx, 'supervisor');
    expect((await supervisor.api.put('/api/sla/weekly-summary', { subscribed: true })).status).toBe(403);

    // Monday 2026-12-07 08:30 in São Paulo (UTC-3, the default zone): last week began on Monday 11-30.
    clock.fixed = new Date('2026-12-07T11:30:00Z');
    const before = smtp.mails.length;
    try {
      await t.platform.jobs.runNow(weeklySummarySweepJob);
      await t.platform.jobs.runNow(weeklySummaryJob, { companyId: ctx.company.id, weekStart: '2026-11-30' });
      await t.platform.jobs.runNow(weeklySummaryJob, { companyId: ctx.company.id, weekStart: '2026-11-30' });
      const mail = readMail(await smtp.waitForMail(ctx.admin.email, before));
      expect(mail.subject).toContain('2026-11-30');
      expect(mail.text).toContain('2026-12-06');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.mails.slice(before).filter((sent) => sent.to.includes(ctx.admin.email.toLowerCase()))).toHaveLength(
        1,
      );
      const sends = await t.db.select().from(slaSummarySends).where(eq(slaSummarySends.companyId, ctx.company.id));
      expect(sends.map((row) => row.weekStart)).toEqual(['2026-11-30']);
    } finally {
      clock.fixed = null;
    }
    expect((await ctx.api.put('/api/sla/weekly-summary', { subscribed: false })).body).toEqual({ subscribed: false });
  });
});
