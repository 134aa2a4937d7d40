import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { contacts, messages, queues, settings, tags, ticketRatings, tickets, ticketTags } from '../../tables.ts';
import { businessHoursSweepJob, reportRebuildJob } from './reports.jobs.ts';

/**
 * The report rollups are kept by triggers (migration "reports"). Random tickets go through every
 * change that moves a measure (messages, handover to a queue, accept, transfer, close, reopen,
 * tags on and off, ratings, deletes, a time zone change, the business-hours sweep) and after each
 * step the rollup rows must equal the measures computed straight from the tickets.
 */
let t: TestServer;
let companyId: number;
let userIds: number[];
let queueIds: number[];
let tagIds: number[];
let contactIds: number[];

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const next = random(50_2024);
const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)];
const later = (moment: Date, maxMinutes: number) =>
  new Date(moment.getTime() + Math.floor(next() * maxMinutes) * 60_000);
const somewhen = () => new Date(Date.parse('2024-03-01T00:00:00Z') + Math.floor(next() * 40 * 86_400_000));

async function rows<T>(query: ReturnType<typeof sql>) {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const measures = [
  'opened',
  'closed',
  'reopened',
  'resolution_seconds',
  'resolution_business_seconds',
  'handling_count',
  'handling_seconds',
  'handling_business_seconds',
  'first_response_count',
  'first_response_seconds',
  'first_response_business_seconds',
  'wait_count',
  'wait_seconds',
  'wait_business_seconds',
  'rating_count',
  'rating_sum',
  'rating_1',
  'rating_2',
  'rating_3',
] as const;

/** Keyed rows without the all-zero ones, numbers as numbers. */
function keyed(found: Record<string, unknown>[]) {
  const map = new Map<string, Record<string, number>>();
  for (const row of found) {
    const values = Object.fromEntries(measures.map((name) => [name, Math.round(Number(row[name]) * 1000) / 1000]));
    if (Object.values(values).every((value) => value === 0)) continue;
    map.set(String(row.key), values);
  }
  return map;
}

/**
 * The measures straight from the tickets: the definitions of docs/decisions/reports.md written out
 * again, keyed by the local hour (or by the local day, for the day rollups).
 */
function direct(byTag: boolean, unit: 'hour' | 'day' = 'hour') {
  const bucket = sql.raw(unit === 'hour' ? `'YYYY-MM-DD HH24'` : `'YYYY-MM-DD'`);
  const tagJoin = byTag ? sql`join ticket_tags g on g.ticket_id = t.id` : sql``;
  const tagKey = byTag ? sql`|| '|' || g.tag_id` : sql``;
  return sql`
    with z as (select report_time_zone(${companyId}) as zone),
    e as (
      select t.*, (select zone from z) as zone, coalesce(t.queue_id, 0) || '|' || coalesce(t.user_id, 0) || '|' || coalesce(t.whatsapp_id, 0) ${tagKey} as dims
      from tickets t ${tagJoin} where t.company_id = ${companyId}
    ),
    events as (
      select date_trunc('hour', created_at at time zone zone) as h, dims, 1 as opened, 0 as closed, 0 as reopened,
        0::numeric as resolution_seconds, 0::numeric as resolution_business_seconds, 0 as handling_count,
        0::numeric as handling_seconds, 0::numeric as handling_business_seconds, 0 as first_response_count,
        0::numeric as first_response_seconds, 0::numeric as first_response_business_seconds, 0 as wait_count,
        0::numeric as wait_seconds, 0::numeric as wait_business_seconds, 0 as rating_count, 0 as rating_sum,
        0 as rating_1, 0 as rating_2, 0 as rating_3 from e
      union all
      select date_trunc('hour', closed_at at time zone zone), dims, 0, 1, 0, extract(epoch from closed_at - created_at),
        coalesce(resolution_business_seconds, 0), (accepted_at is not null)::int,
        coalesce(extract(epoch from closed_at - accepted_at), 0), coalesce(handling_business_seconds, 0),
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 from e where closed_at is not null
      union all
      select date_trunc('hour', reopened_at at time zone zone), dims, 0, 0, reopen_count, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        from e where reopen_count > 0
      union all
      select date_trunc('hour', first_response_at at time zone zone), dims, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        extract(epoch from first_response_at - case when entered_queue_at > first_customer_at and entered_queue_at < first_response_at
          then entered_queue_at when entered_queue_at >= first_response_at then first_response_at else first_customer_at end),
        coalesce(first_response_business_seconds, 0), 0, 0, 0, 0, 0, 0, 0, 0
        from e where first_response_at is not null and first_customer_at is not null
      union all
      select date_trunc('hour', accepted_at at time zone zone), dims, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        greatest(0, extract(epoch from accepted_at - case when entered_queue_at <= accepted_at then entered_queue_at else created_at end)),
        coalesce(wait_business_seconds, 0), 0, 0, 0, 0, 0
        from e where accepted_at is not null
      union all
      select date_trunc('hour', rated_at at time zone zone), dims, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, rating,
        (rating = 1)::int, (rating = 2)::int, (rating = 3)::int
        from e where rated_at is not null
    )
    select to_char(h, ${bucket}) || '|' || dims as key, ${sql.raw(measures.map((name) => `sum(${name}) as ${name}`).join(', '))}
    from events group by 1`;
}

async function expectRollupEqualsDirect(step: string) {
  const rolled = await rows<Record<string, unknown>>(sql`
    select to_char(hour, 'YYYY-MM-DD HH24') || '|' || queue_id || '|' || user_id || '|' || whatsapp_id as key, *
    from report_hours where company_id = ${companyId}`);
  expect(keyed(rolled), step).toEqual(keyed(await rows(direct(false))));
  expect(keyed(rolled).size, step).toBeGreaterThan(20);
  await expectDaysEqualHours(step);
  const rolledTags = await rows<Record<string, unknown>>(sql`
    select to_char(hour, 'YYYY-MM-DD HH24') || '|' || queue_id || '|' || user_id || '|' || whatsapp_id || '|' || tag_id as key, *
    from report_tag_hours where company_id = ${companyId}`);
  expect(keyed(rolledTags), `${step} (tags)`).toEqual(keyed(await rows(direct(true))));
  await expectTagDaysEqualDirect(step);
  // Messages are counted when written, under the attribution of that moment: their totals per hour.
  const [zone] = await rows<{ zone: string }>(sql`select report_time_zone(${companyId}) as zone`);
  const rolledMessages = await rows<{ h: string; i: number; o: number }>(sql`
    select to_char(hour, 'YYYY-MM-DD HH24') as h, sum(messages_in)::int as i, sum(messages_out)::int as o
    from report_hours where company_id = ${companyId} group by 1 having sum(messages_in) + sum(messages_out) > 0 order by 1`);
  const directMessages = await rows<{ h: string; i: number; o: number }>(sql`
    select to_char(created_at at time zone ${zone.zone}, 'YYYY-MM-DD HH24') as h, count(*) filter (where not from_me)::int as i,
      count(*) filter (where from_me)::int as o
    from messages where company_id = ${companyId} group by 1 order by 1`);
  expect(rolledMessages, `${step} (messages)`).toEqual(directMessages);
}

beforeAll(async () => {
  t = await startTestServer();
  const weekdays = (['monday', 'wednesday', 'friday'] as const).map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTime: '08:00',
    endTime: '17:30',
  }));
  companyId = (await buildCompany(t.db, { schedules: weekdays })).id;
  await t.db
    .update(settings)
    .set({ value: 'queue' })
    .where(sql`${settings.companyId} = ${companyId} and ${settings.key} = 'scheduleType'`);
  userIds = [];
  for (let n = 0; n < 3; n++) userIds.push((await buildUser(t.db, { companyId })).id);
  queueIds = (
    await t.db
      .insert(queues)
      .values(
        [1, 2].map((n) => ({
          companyId,
          name: `Q${n}`,
          color: `#00000${n}`,
          schedules: n === 2 ? weekdays.slice(0, 1) : [],
        })),
      )
      .returning()
  ).map((queue) => queue.id);
  tagIds = (
    await t.db
      .insert(tags)
      .values([1, 2].map((n) => ({ companyId, name: `T${n}` })))
      .returning()
  ).map((tag) => tag.id);
  contactIds = (
    await t.db
      .insert(contacts)
      .values(Array.from({ length: 40 }, (_, n) => ({ companyId, name: `C${n}`, number: `55119000${1000 + n}` })))
      .returning()
  ).map((contact) => contact.id);
});
afterAll(() => t.close());

describe('report rollup', () => {
  it('equals the direct computation through every change, on random data', async () => {
    const created = await t.db
      .insert(tickets)
      .values(contactIds.map((contactId) => ({ companyId, contactId, createdAt: somewhen(), chatbot: next() < 0.3 })))
      .returning();
    for (const ticket of created) {
      const at = later(ticket.createdAt, 5);
      await t.db.insert(messages).values({ companyId, ticketId: ticket.id, body: 'hi', createdAt: at, updatedAt: at });
      if (next() < 0.7) {
        await t.db
          .update(tickets)
          .set({ queueId: pick(queueIds), queuedAt: later(at, 60), chatbot: false })
          .where(eq(tickets.id, ticket.id));
      }
    }
    await expectRollupEqualsDirect('created, first messages, handed over');

    const all = await t.db.select().from(tickets).where(eq(tickets.companyId, companyId));
    for (const ticket of all) {
      if (next() < 0.8) {
        const acceptedAt = later(ticket.createdAt, 300);
        await t.db
          .update(tickets)
          .set({ status: 'open', userId: pick(userIds), acceptedAt })
          .where(eq(tickets.id, ticket.id));
        const answer = later(acceptedAt, 30);
        await t.db.insert(messages).values({
          companyId,
          ticketId: ticket.id,
          body: 'ok',
          fromMe: true,
          userId: pick(userIds),
          createdAt: answer,
          updatedAt: answer,
        });
        if (next() < 0.7) {
          await t.db
            .update(tickets)
            .set({ status: 'closed', closedAt: later(answer, 2_000) })
            .where(eq(tickets.id, ticket.id));
        }
      }
      if (next() < 0.5) await t.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: pick(tagIds) });
    }
    await expectRollupEqualsDirect('accepted, answered, closed, tagged');
    const [tagDays] = await rows<{ n: number }>(
      sql`select count(*)::int as n from report_tag_days where company_id = ${companyId} and opened > 0`,
    );
    expect(tagDays.n).toBeGreaterThan(5);

    const closed = (await t.db.select().from(tickets).where(eq(tickets.companyId, companyId))).filter(
      (row) => row.closedAt,
    );
    for (const ticket of closed.slice(0, 12)) {
      await t.db.insert(ticketRatings).values({
        companyId,
        ticketId: ticket.id,
        userId: ticket.userId,
        rate: 1 + Math.floor(next() * 3),
        createdAt: later(ticket.closedAt as Date, 60),
      });
    }
    for (const ticket of closed.slice(12, 20)) {
      await t.db
        .update(tickets)
        .set({ status: 'open', closedAt: null, updatedAt: later(ticket.closedAt as Date, 600) })
        .where(eq(tickets.id, ticket.id));
    }
    await t.db
      .update(tickets)
      .set({ userId: userIds[0], queueId: queueIds[1] })
      .where(
        inArray(
          tickets.id,
          closed.slice(0, 6).map((row) => row.id),
        ),
      );
    await t.db.update(tickets).set({ unreadMessages: 3 }).where(eq(tickets.companyId, companyId));
    await expectRollupEqualsDirect('rated, reopened, transferred');

    await t.platform.jobs.runNow(businessHoursSweepJob);
    const [left] = await rows<{ n: number }>(
      sql`select count(*)::int as n from tickets where business_pending and company_id = ${companyId}`,
    );
    expect(left.n).toBe(0);
    await expectRollupEqualsDirect('business hours swept');

    await t.db.delete(ticketTags).where(eq(ticketTags.ticketId, closed[1].id));
    await t.db.delete(ticketRatings).where(eq(ticketRatings.ticketId, closed[2].id));
    await t.db.delete(tickets).where(inArray(tickets.id, [closed[3].id, closed[4].id]));
    await t.db.delete(tags).where(eq(tags.id, tagIds[1]));
    // Deleted tickets take their messages with them, which stay counted (a log): compare the rest.
    await expectRollupEqualsDirectTicketsOnly('tags off, rating and tickets deleted');

    await t.db
      .update(settings)
      .set({ value: 'Asia/Kolkata' })
      .where(sql`${settings.companyId} = ${companyId} and ${settings.key} = 'timezone'`);
    // The rebuild is a job (it may also have been run by the sweep meanwhile: then this does nothing).
    await t.platform.jobs.runNow(reportRebuildJob, { companyId });
    await expectRollupEqualsDirect('time zone changed (rebuilt)');
  });
});

async function expectRollupEqualsDirectTicketsOnly(step: string) {
  const rolled = await rows<Record<string, unknown>>(sql`
    select to_char(hour, 'YYYY-MM-DD HH24') || '|' || queue_id || '|' || user_id || '|' || whatsapp_id as key, *
    from report_hours where company_id = ${companyId}`);
  expect(keyed(rolled), step).toEqual(keyed(await rows(direct(false))));
  const rolledTags = await rows<Record<string, unknown>>(sql`
    select to_char(hour, 'YYYY-MM-DD HH24') || '|' || queue_id || '|' || user_id || '|' || whatsapp_id || '|' || tag_id as key, *
    from report_tag_hours where company_id = ${companyId}`);
  expect(keyed(rolledTags), `${step} (tags)`).toEqual(keyed(await rows(direct(true))));
  await expectTagDaysEqualDirect(step);
}

/** The day rows are the hour rows summed by date (messages included). */
async function expectDaysEqualHours(step: string) {
  const columns = [...measures, 'messages_in', 'messages_out'];
  const sums = sql.raw(columns.map((name) => `sum(${name})::float8 as ${name}`).join(', '));
  const key = sql.raw(`to_char(d, 'YYYY-MM-DD') || '|' || queue_id || '|' || user_id || '|' || whatsapp_id`);
  const days = await rows<Record<string, number>>(sql`
    select ${key} as key, ${sums} from (select day as d, * from report_days where company_id = ${companyId}) x group by 1`);
  const hours = await rows<Record<string, number>>(sql`
    select ${key} as key, ${sums} from (select hour::date as d, * from report_hours where company_id = ${companyId}) x group by 1`);
  const nonZero = (found: Record<string, number>[]) =>
    new Map(
      found
        .filter((row) => columns.some((name) => Number(row[name]) !== 0))
        .map((row) => [row.key, columns.map((name) => Math.round(Number(row[name]) * 1000) / 1000)]),
    );
  expect(nonZero(days), `${step} (days)`).toEqual(nonZero(hours));
}

/** The tag day rows equal the direct computation per local day and tag. */
async function expectTagDaysEqualDirect(step: string) {
  const rolled = await rows<Record<string, unknown>>(sql`
    select to_char(day, 'YYYY-MM-DD') || '|' || queue_id || '|' || user_id || '|' || whatsapp_id || '|' || tag_id as key, *
    from report_tag_days where company_id = ${companyId}`);
  expect(keyed(rolled), `${step} (tag days)`).toEqual(keyed(await rows(direct(true, 'day'))));
}
