import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { companies, contacts, ticketRatings, tickets, users } from '../../tables.ts';

/**
 * The dashboard reads a rollup kept by triggers (migration 0019). These tests put a company's
 * tickets through every change that moves a figure (create, accept, close, reopen, transfer,
 * delete, an attendant deleted, the time zone changed) and after each step compare what the
 * routes answer with the same figures computed from the raw tickets.
 */
const NOW = new Date('2024-06-30T15:00:00Z');
const FROM = '2024-04-01';
const TO = '2024-06-30';

let t: TestServer;
let token: string;
let companyId: number;
let attendantIds: number[];

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const next = random(20_240_630);
const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)];
const minutesLater = (moment: Date, max: number) => new Date(moment.getTime() + Math.floor(next() * max) * 60_000);

async function rawRows<T>(query: ReturnType<typeof sql>) {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The figures straight from the tickets: the queries the dashboard ran before the rollup. */
async function rawFigures() {
  const [zone] = await rawRows<{ zone: string }>(sql`select dashboard_time_zone(${companyId}) as zone`);
  const lo = sql`((${FROM}::date)::timestamp at time zone ${zone.zone})`;
  const hi = sql`((${TO}::date + 1)::timestamp at time zone ${zone.zone})`;
  const within = (column: string) => sql`${sql.raw(column)} >= ${lo} and ${sql.raw(column)} < ${hi}`;
  const [counters] = await rawRows<{ finished: number; talk: number | null; wait: number | null }>(sql`
    select
      (select count(*)::int from tickets where company_id = ${companyId} and ${within('closed_at')}) as finished,
      (select (avg(extract(epoch from closed_at - accepted_at)) / 60)::float8 from tickets
        where company_id = ${companyId} and ${within('closed_at')} and accepted_at is not null) as talk,
      (select (avg(extract(epoch from accepted_at - created_at)) / 60)::float8 from tickets
        where company_id = ${companyId} and ${within('accepted_at')}) as wait`);
  const closedByUser = await rawRows<{ userId: number; tickets: number; talk: number | null }>(sql`
    select user_id as "userId", count(*)::int as tickets,
           (avg(extract(epoch from closed_at - accepted_at)) filter (where accepted_at is not null) / 60)::float8 as talk
    from tickets where company_id = ${companyId} and ${within('closed_at')} and user_id is not null
    group by user_id`);
  const createdByUser = await rawRows<{ userId: number; count: number }>(sql`
    select user_id as "userId", count(*)::int as count from tickets
    where company_id = ${companyId} and ${within('created_at')} and user_id is not null group by user_id`);
  const [newContacts] = await rawRows<{ count: number }>(sql`
    select count(*)::int as count from contacts where company_id = ${companyId} and ${within('created_at')}`);
  const ratings = await rawRows<{ userId: number; rating: number }>(sql`
    select user_id as "userId", avg(rate)::float8 as rating from ticket_ratings
    where company_id = ${companyId} and ${within('created_at')} and user_id is not null group by user_id`);
  const createdByDay = await rawRows<{ bucket: string; count: number }>(sql`
    select to_char(created_at at time zone ${zone.zone}, 'YYYY-MM-DD') as bucket, count(*)::int as count
    from tickets where company_id = ${companyId} and ${within('created_at')} group by 1`);
  return { counters, closedByUser, createdByUser, createdByDay, newContacts: newContacts.count, ratings };
}

async function buildContact(company: number, createdAt = new Date('2024-05-01T12:00:00Z')) {
  const [contact] = await t.db
    .insert(contacts)
    .values({ companyId: company, name: 'Customer', number: `55119${Math.floor(next() * 1e8)}`, createdAt })
    .returning();
  return contact;
}

/** Somewhere from a few days before the period to its end. */
const momentAround = () => new Date(Date.parse('2024-03-28T00:00:00Z') + Math.floor(next() * 95 * 86_400_000));

const tenth = (value: number | null) => (value === null ? 0 : Math.round(value * 10) / 10);

/** The routes' answers against the raw figures, every one of them. */
async function expectRollupMatchesTickets(step: string) {
  const raw = await rawFigures();
  const api = t.as(token);
  const range = `initialDate=${FROM}&finalDate=${TO}`;
  const summary = (await api.get(`/api/dashboard?date_from=${FROM}&date_to=${TO}`)).body;
  const byUser = (await api.get(`/api/dashboard/ticketsUsers?${range}`)).body;
  const byDay = (await api.get(`/api/dashboard/ticketsDay?${range}`)).body;

  expect(summary.counters.supportFinished, step).toBe(raw.counters.finished);
  expect(summary.counters.avgSupportTime, step).toBe(tenth(raw.counters.talk));
  expect(summary.counters.avgWaitTime, step).toBe(tenth(raw.counters.wait));
  expect(summary.counters.newContacts, step).toBe(raw.newContacts);
  const closed = new Map(raw.closedByUser.map((row) => [row.userId, row]));
  const rated = new Map(raw.ratings.map((row) => [row.userId, row.rating]));
  for (const attendant of summary.attendants as {
    id: number;
    tickets: number;
    avgSupportTime: number;
    rating: number;
  }[]) {
    expect(attendant.rating, `${step}: user ${attendant.id} rating`).toBe(
      Math.round((rated.get(attendant.id) ?? 0) * 100) / 100,
    );
    expect(attendant.tickets, `${step}: user ${attendant.id} tickets`).toBe(closed.get(attendant.id)?.tickets ?? 0);
    expect(attendant.avgSupportTime, `${step}: user ${attendant.id} talk`).toBe(
      tenth(closed.get(attendant.id)?.talk ?? null),
    );
  }
  const byUserAnswer = (byUser.data as { userId: number; count: number }[])
    .map((row) => ({ userId: row.userId, count: row.count }))
    .sort((a, b) => a.userId - b.userId);
  const present = new Set((await t.db.select({ id: users.id }).from(users)).map((row) => row.id));
  expect(byUserAnswer, step).toEqual(
    raw.createdByUser.filter((row) => present.has(row.userId)).sort((a, b) => a.userId - b.userId),
  );
  const days = new Map(raw.createdByDay.map((row) => [row.bucket, row.count]));
  for (const bucket of byDay.data as { bucket: string; count: number }[]) {
    expect(bucket.count, `${step}: ${bucket.bucket}`).toBe(days.get(bucket.bucket) ?? 0);
  }
  expect(byDay.count, step).toBe(raw.createdByDay.reduce((sum, row) => sum + row.count, 0));
}

beforeAll(async () => {
  t = await startTestServer({}, { clock: () => NOW });
  const company = await buildCompany(t.db);
  companyId = company.id;
  const admin = await buildUser(t.db, { companyId, profile: 'admin' });
  token = (await t.login(admin.email, TEST_PASSWORD)).token;
  attendantIds = [];
  for (let n = 0; n < 4; n++) attendantIds.push((await buildUser(t.db, { companyId, name: `Agent ${n}` })).id);

  // 160 tickets over the three months (and a little before), in every state.
  const contact = await buildContact(companyId);
  const rows = Array.from({ length: 160 }, () => {
    const createdAt = new Date(Date.parse('2024-03-28T00:00:00Z') + Math.floor(next() * 95 * 86_400_000));
    const state = pick(['pending', 'open', 'closed', 'closedUnaccepted'] as const);
    const acceptedAt = state === 'open' || state === 'closed' ? minutesLater(createdAt, 600) : null;
    const closedAt =
      state === 'closed'
        ? minutesLater(acceptedAt!, 900)
        : state === 'closedUnaccepted'
          ? minutesLater(createdAt, 300)
          : null;
    return {
      companyId,
      contactId: contact.id,
      status: state === 'closedUnaccepted' ? 'closed' : state,
      userId: state === 'pending' || next() < 0.15 ? null : pick(attendantIds),
      createdAt,
      acceptedAt,
      closedAt,
    };
  });
  const inserted = await t.db.insert(tickets).values(rows).returning();
  // Ratings of closed tickets, some of them for nobody; contacts made over the same months.
  await t.db.insert(ticketRatings).values(
    inserted
      .filter((ticket) => ticket.closedAt && next() < 0.6)
      .map((ticket) => ({
        companyId,
        ticketId: ticket.id,
        userId: ticket.userId,
        rate: 1 + Math.floor(next() * 3),
        createdAt: minutesLater(ticket.closedAt!, 60),
      })),
  );
  for (let n = 0; n < 30; n++) await buildContact(companyId, momentAround());
});
afterAll(() => t.close());

describe('dashboard rollup', () => {
  it('answers what the raw tickets give through creates, accepts, closes, reopens, transfers and deletes', async () => {
    await expectRollupMatchesTickets('after the inserts');
    const all = await t.db.select().from(tickets).where(eq(tickets.companyId, companyId));

    // Accept pending tickets; close open ones; reopen closed ones (the close is taken back).
    for (const ticket of all.slice(0, 40)) {
      if (ticket.status === 'pending') {
        await t.db
          .update(tickets)
          .set({ status: 'open', userId: pick(attendantIds), acceptedAt: minutesLater(ticket.createdAt, 120) })
          .where(eq(tickets.id, ticket.id));
      } else if (ticket.status === 'open') {
        await t.db
          .update(tickets)
          .set({ status: 'closed', closedAt: minutesLater(ticket.acceptedAt ?? ticket.createdAt, 500) })
          .where(eq(tickets.id, ticket.id));
      } else {
        await t.db.update(tickets).set({ status: 'open', closedAt: null }).where(eq(tickets.id, ticket.id));
      }
    }
    await expectRollupMatchesTickets('after accepts, closes and reopens');

    // Transfers in one statement, a plain update that moves nothing, and deletes.
    await t.db
      .update(tickets)
      .set({ userId: attendantIds[0] })
      .where(
        inArray(
          tickets.id,
          all.slice(40, 70).map((ticket) => ticket.id),
        ),
      );
    await t.db.update(tickets).set({ unreadMessages: 3, lastMessage: 'hello' }).where(eq(tickets.companyId, companyId));
    await t.db.delete(tickets).where(
      inArray(
        tickets.id,
        all.slice(70, 85).map((ticket) => ticket.id),
      ),
    );
    await expectRollupMatchesTickets('after transfers and deletes');

    // Ratings changed and removed; contacts added, moved in time and deleted.
    const given = await t.db.select().from(ticketRatings).where(eq(ticketRatings.companyId, companyId));
    for (const rating of given.slice(0, 10)) {
      await t.db
        .update(ticketRatings)
        .set({ rate: 3, userId: pick(attendantIds) })
        .where(eq(ticketRatings.id, rating.id));
    }
    const removed = given.slice(10, 16).map((rating) => rating.id);
    await t.db.delete(ticketRatings).where(inArray(ticketRatings.id, removed));
    const extra = await buildContact(companyId, momentAround());
    await t.db
      .update(contacts)
      .set({ createdAt: new Date('2024-06-29T23:30:00Z') })
      .where(eq(contacts.id, extra.id));
    const people = await t.db.select().from(contacts).where(eq(contacts.companyId, companyId));
    const unused = people.filter((person) => !all.some((ticket) => ticket.contactId === person.id)).slice(0, 5);
    await t.db.delete(contacts).where(
      inArray(
        contacts.id,
        unused.map((person) => person.id),
      ),
    );
    await expectRollupMatchesTickets('after ratings and contacts change');

    // An attendant deleted: their tickets lose the attendant (ON DELETE SET NULL fires the trigger).
    await t.db.delete(users).where(eq(users.id, attendantIds[1]));
    await expectRollupMatchesTickets('after an attendant is deleted');
  });

  it('moves every figure to the new calendar days when the time zone changes, and back', async () => {
    for (const zone of ['America/Los_Angeles', 'America/Noronha', 'UTC']) {
      const changed = await t.as(token).put('/api/settings/timezone', { value: zone });
      expect(changed.status).toBe(200);
      await expectRollupMatchesTickets(`in ${zone}`);
    }
  });

  it('keeps one company’s figures out of another’s, and lets a company with tickets be deleted', async () => {
    const other = await buildCompany(t.db);
    const contact = await buildContact(other.id);
    const [ticket] = await t.db
      .insert(tickets)
      .values({
        companyId: other.id,
        contactId: contact.id,
        status: 'closed',
        createdAt: new Date('2024-06-01T12:00:00Z'),
        closedAt: new Date('2024-06-01T13:00:00Z'),
      })
      .returning();
    await t.db
      .insert(ticketRatings)
      .values({ companyId: other.id, ticketId: ticket.id, rate: 3, createdAt: new Date('2024-06-01T14:00:00Z') });
    await expectRollupMatchesTickets('with another company’s ticket');
    const [otherDays] = await rawRows<{ count: number }>(
      sql`select count(*)::int as count from dashboard_days where company_id = ${other.id}`,
    );
    // Its contact's day (1 May) and its ticket's (1 June, created, closed and rated).
    expect(otherDays.count).toBe(2);

    await t.db.delete(companies).where(eq(companies.id, other.id));
    const [left] = await rawRows<{ count: number }>(
      sql`select count(*)::int as count from dashboard_days where company_id = ${other.id}`,
    );
    expect(left.count).toBe(0);
    await expectRollupMatchesTickets('after the other company is deleted');
  });
});
