import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { contacts, ticketRatings, tickets } from '../../tables.ts';

/**
 * Hand-computed fixtures. "Now" is 2024-05-10 15:00 UTC = 12:00 in São Paulo (UTC−3, the
 * default company zone). Local times are in the comments; several tickets cross local midnight
 * or fall on another UTC day than their local one, so a UTC reading would give other numbers.
 */
const NOW = new Date('2024-05-10T15:00:00Z');
const at = (iso: string) => new Date(iso);

let t: TestServer;
let adminToken: string;
let companyId: number;
let ana: { id: number; name: string };
let bruno: { id: number; name: string };
let admin: { id: number; name: string };
let otherToken: string;
let otherCompanyId: number;

async function addTicket(
  company: number,
  fields: { userId?: number; status: string; createdAt: string; acceptedAt?: string; closedAt?: string },
) {
  const [contact] = await t.db
    .insert(contacts)
    .values({
      companyId: company,
      name: `Customer ${fields.createdAt}`,
      number: `55119${Math.floor(Math.random() * 1e8)}`,
      createdAt: at(fields.createdAt),
    })
    .returning();
  const [ticket] = await t.db
    .insert(tickets)
    .values({
      companyId: company,
      contactId: contact.id,
      userId: fields.userId ?? null,
      status: fields.status,
      createdAt: at(fields.createdAt),
      acceptedAt: fields.acceptedAt ? at(fields.acceptedAt) : null,
      closedAt: fields.closedAt ? at(fields.closedAt) : null,
    })
    .returning();
  return ticket;
}

async function rate(company: number, ticketId: number, userId: number, value: number, createdAt: string) {
  await t.db
    .insert(ticketRatings)
    .values({ companyId: company, ticketId, userId, rate: value, createdAt: at(createdAt) });
}

beforeAll(async () => {
  t = await startTestServer({}, { clock: () => NOW });
  const company = await buildCompany(t.db);
  companyId = company.id;
  const adminUser = await buildUser(t.db, { companyId, profile: 'admin', name: 'Zé Admin' });
  admin = adminUser;
  adminToken = (await t.login(adminUser.email, TEST_PASSWORD)).token;
  ana = await buildUser(t.db, { companyId, name: 'Ana', online: true });
  bruno = await buildUser(t.db, { companyId, name: 'Bruno' });

  // T1 Ana: created 08/05 23:30, accepted 08/05 23:50 (wait 20), closed 09/05 00:20 (talk 30).
  const t1 = await addTicket(companyId, {
    userId: ana.id,
    status: 'closed',
    createdAt: '2024-05-09T02:30:00Z',
    acceptedAt: '2024-05-09T02:50:00Z',
    closedAt: '2024-05-09T03:20:00Z',
  });
  // T2 Ana: created 09/05 09:00, accepted 09:10 (wait 10), closed 10:10 (talk 60).
  const t2 = await addTicket(companyId, {
    userId: ana.id,
    status: 'closed',
    createdAt: '2024-05-09T12:00:00Z',
    acceptedAt: '2024-05-09T12:10:00Z',
    closedAt: '2024-05-09T13:10:00Z',
  });
  // T3 Bruno: created 09/05 22:00, accepted 22:30 (wait 30), closed 10/05 01:00 (talk 150).
  const t3 = await addTicket(companyId, {
    userId: bruno.id,
    status: 'closed',
    createdAt: '2024-05-10T01:00:00Z',
    acceptedAt: '2024-05-10T01:30:00Z',
    closedAt: '2024-05-10T04:00:00Z',
  });
  // T4 Bruno, open now: created 10/05 10:00, accepted 10:05 (wait 5).
  await addTicket(companyId, {
    userId: bruno.id,
    status: 'open',
    createdAt: '2024-05-10T13:00:00Z',
    acceptedAt: '2024-05-10T13:05:00Z',
  });
  // T5 pending now, nobody: created 10/05 11:00.
  await addTicket(companyId, { status: 'pending', createdAt: '2024-05-10T14:00:00Z' });
  // T6 closed by the bot, never accepted: created 09/05 23:00, closed 23:30.
  await addTicket(companyId, { status: 'closed', createdAt: '2024-05-10T02:00:00Z', closedAt: '2024-05-10T02:30:00Z' });
  // T7 Ana, long ago: 01/05 09:00 → accepted 09:04 (wait 4) → closed 10:00 (talk 56).
  const t7 = await addTicket(companyId, {
    userId: ana.id,
    status: 'closed',
    createdAt: '2024-05-01T12:00:00Z',
    acceptedAt: '2024-05-01T12:04:00Z',
    closedAt: '2024-05-01T13:00:00Z',
  });
  await rate(companyId, t1.id, ana.id, 3, '2024-05-09T03:25:00Z'); // 09/05 00:25
  await rate(companyId, t2.id, ana.id, 2, '2024-05-09T13:15:00Z'); // 09/05 10:15
  await rate(companyId, t3.id, bruno.id, 1, '2024-05-10T04:05:00Z'); // 10/05 01:05
  await rate(companyId, t7.id, ana.id, 1, '2024-05-01T13:05:00Z'); // 01/05

  // Another company, on UTC, with a ticket in every window above: it must never count for the first.
  const other = await buildCompany(t.db);
  otherCompanyId = other.id;
  const otherAdmin = await buildUser(t.db, { companyId: other.id, profile: 'admin', name: 'Other admin' });
  otherToken = (await t.login(otherAdmin.email, TEST_PASSWORD)).token;
  expect((await t.as(otherToken).put('/api/settings/timezone', { value: 'UTC' })).status).toBe(200);
  const foreign = await addTicket(other.id, {
    userId: otherAdmin.id,
    status: 'closed',
    createdAt: '2024-05-10T01:00:00Z',
    acceptedAt: '2024-05-10T01:01:00Z',
    closedAt: '2024-05-10T01:11:00Z',
  });
  await rate(other.id, foreign.id, otherAdmin.id, 3, '2024-05-10T01:12:00Z');
  await addTicket(other.id, { userId: otherAdmin.id, status: 'open', createdAt: '2024-05-10T14:00:00Z' });
  await addTicket(other.id, { status: 'pending', createdAt: '2024-05-09T12:00:00Z' });
});
afterAll(() => t.close());

const attendantOf = (body: { attendants: { id: number }[] }, id: number) =>
  body.attendants.find((attendant) => attendant.id === id);

describe('GET /api/dashboard', () => {
  it('counts one local day by the company clock, across midnight', async () => {
    const answer = await t.as(adminToken).get('/api/dashboard?date_from=2024-05-09&date_to=2024-05-09');
    expect(answer.status).toBe(200);
    expect(answer.body.period).toEqual({ dateFrom: '2024-05-09', dateTo: '2024-05-09', timeZone: 'America/Sao_Paulo' });
    // Closed on 09/05 local: T1 (00:20), T2, T6; T3 closed 10/05 01:00. Talk over T1, T2 (T6 never accepted).
    // Accepted on 09/05 local: T2 (10) and T3 (30); T1 was accepted on 08/05 at 23:50.
    // New contacts: those of T2, T3 and T6 (T1's is from 08/05 23:30).
    expect(answer.body.counters).toEqual({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 3,
      newContacts: 3,
      avgSupportTime: 45,
      avgWaitTime: 20,
    });
    expect(attendantOf(answer.body, ana.id)).toEqual({
      id: ana.id,
      name: 'Ana',
      rating: 2.5,
      avgSupportTime: 45,
      online: true,
      tickets: 2,
    });
    expect(attendantOf(answer.body, bruno.id)).toEqual({
      id: bruno.id,
      name: 'Bruno',
      rating: 0,
      avgSupportTime: 0,
      online: false,
      tickets: 0,
    });
    // Every user of the company, by name; none of the other company.
    expect(answer.body.attendants.map((attendant: { name: string }) => attendant.name)).toEqual([
      'Ana',
      'Bruno',
      'Zé Admin',
    ]);
  });

  it('reads days as the last N local days, today included', async () => {
    const answer = await t.as(adminToken).get('/api/dashboard?days=2');
    expect(answer.body.period).toMatchObject({ dateFrom: '2024-05-09', dateTo: '2024-05-10' });
    // Closed: T1, T2, T6, T3 → talk (30 + 60 + 150) / 3. Accepted: T2, T3, T4 → (10 + 30 + 5) / 3.
    expect(answer.body.counters).toEqual({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 4,
      newContacts: 5,
      avgSupportTime: 80,
      avgWaitTime: 15,
    });
    expect(attendantOf(answer.body, bruno.id)).toMatchObject({ rating: 1, avgSupportTime: 150, tickets: 1 });
    expect(attendantOf(answer.body, ana.id)).toMatchObject({ rating: 2.5, avgSupportTime: 45, tickets: 2 });
  });

  it('averages every rating of the period and answers 0 without any', async () => {
    const answer = await t.as(adminToken).get('/api/dashboard?date_from=2024-05-01');
    expect(answer.body.period).toMatchObject({ dateFrom: '2024-05-01', dateTo: '2024-05-10' });
    // Ana: 3, 2 and 1 → 2; talk (30 + 60 + 56) / 3 = 48.67 → 48.7.
    expect(attendantOf(answer.body, ana.id)).toMatchObject({ rating: 2, avgSupportTime: 48.7, tickets: 3 });
    expect(attendantOf(answer.body, admin.id)).toMatchObject({ rating: 0, avgSupportTime: 0, tickets: 0 });
    expect(answer.body.counters).toMatchObject({ supportFinished: 5, avgWaitTime: 13.8 });
  });

  it('without a filter, or with period "none", is today', async () => {
    for (const path of ['/api/dashboard', '/api/dashboard?days=0', '/api/dashboard?days=&date_from=']) {
      const answer = await t.as(adminToken).get(path);
      expect(answer.status).toBe(200);
      expect(answer.body.period).toMatchObject({ dateFrom: '2024-05-10', dateTo: '2024-05-10' });
      expect(answer.body.counters).toMatchObject({ supportFinished: 1, avgSupportTime: 150, avgWaitTime: 5 });
    }
    const lone = await t.as(adminToken).get('/api/dashboard?date_to=2024-05-09&days=30');
    expect(lone.body.period).toMatchObject({ dateFrom: '2024-05-09', dateTo: '2024-05-09' });
  });

  it('answers each company its own figures in its own zone', async () => {
    const answer = await t.as(otherToken).get('/api/dashboard?date_from=2024-05-10&date_to=2024-05-10');
    expect(answer.body.period.timeZone).toBe('UTC');
    expect(answer.body.counters).toEqual({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 1,
      newContacts: 2,
      avgSupportTime: 10,
      avgWaitTime: 1,
    });
    expect(answer.body.attendants).toEqual([expect.objectContaining({ name: 'Other admin', rating: 3, tickets: 1 })]);
  });
});

describe('charts', () => {
  it('counts tickets per local day, zero days included', async () => {
    const answer = await t.as(adminToken).get('/api/dashboard/ticketsDay?initialDate=2024-05-07&finalDate=2024-05-10');
    expect(answer.status).toBe(200);
    // T1 08/05 23:30; T2, T3, T6 on 09/05; T4, T5 on 10/05.
    expect(answer.body).toEqual({
      unit: 'day',
      count: 6,
      data: [
        { bucket: '2024-05-07', count: 0 },
        { bucket: '2024-05-08', count: 1 },
        { bucket: '2024-05-09', count: 3 },
        { bucket: '2024-05-10', count: 2 },
      ],
    });
  });

  it('switches to hours when the range is one day', async () => {
    const answer = await t.as(adminToken).get('/api/dashboard/ticketsDay?initialDate=2024-05-09&finalDate=2024-05-09');
    expect(answer.body.unit).toBe('hour');
    expect(answer.body.count).toBe(3);
    expect(answer.body.data).toHaveLength(24);
    expect(answer.body.data[0]).toEqual({ bucket: '00:00', count: 0 });
    expect(answer.body.data.filter((point: { count: number }) => point.count > 0)).toEqual([
      { bucket: '09:00', count: 1 },
      { bucket: '22:00', count: 1 },
      { bucket: '23:00', count: 1 },
    ]);
    // The same instant (T3, 10/05 01:00 UTC) is 01:00 on 10/05 for the UTC company.
    const utc = await t.as(otherToken).get('/api/dashboard/ticketsDay?initialDate=2024-05-10&finalDate=2024-05-10');
    expect(utc.body.data.filter((point: { count: number }) => point.count > 0)).toEqual([
      { bucket: '01:00', count: 1 },
      { bucket: '14:00', count: 1 },
    ]);
  });

  it('counts tickets per attendant, busiest first', async () => {
    const answer = await t
      .as(adminToken)
      .get('/api/dashboard/ticketsUsers?initialDate=2024-05-08&finalDate=2024-05-10');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      count: 4,
      data: [
        { userId: ana.id, name: 'Ana', count: 2 },
        { userId: bruno.id, name: 'Bruno', count: 2 },
      ],
    });
    const other = await t.as(otherToken).get('/api/dashboard/ticketsUsers?initialDate=2024-05-08&finalDate=2024-05-10');
    expect(other.body.data).toEqual([expect.objectContaining({ name: 'Other admin', count: 2 })]);
  });
});

describe('access and validation', () => {
  it('refuses parameters that are not dates with a 400', async () => {
    const paths = [
      '/api/dashboard?date_from=yesterday',
      '/api/dashboard?date_to=2024-02-30',
      '/api/dashboard?days=abc',
      '/api/dashboard?days=-3',
      '/api/dashboard?date_from=2024-05-10&date_to=2024-05-01',
      '/api/dashboard/ticketsDay?initialDate=2024-13-01&finalDate=2024-12-01',
      '/api/dashboard/ticketsDay?initialDate=2024-05-01',
      '/api/dashboard/ticketsDay?initialDate=2024-05-02&finalDate=2024-05-01',
      '/api/dashboard/ticketsDay?initialDate=2020-01-01&finalDate=2024-05-01',
      '/api/dashboard/ticketsUsers?initialDate=05/01/2024&finalDate=2024-05-10',
    ];
    for (const path of paths) {
      const answer = await t.as(adminToken).get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error, path).toBe('ERR_VALIDATION');
    }
  });

  it('ignores a companyId parameter naming another company: the token decides', async () => {
    const paths = [
      '/api/dashboard?date_from=2024-05-08&date_to=2024-05-10',
      '/api/dashboard/ticketsUsers?initialDate=2024-05-08&finalDate=2024-05-10',
      '/api/dashboard/ticketsDay?initialDate=2024-05-08&finalDate=2024-05-10',
    ];
    for (const [token, foreignId] of [
      [adminToken, otherCompanyId],
      [otherToken, companyId],
    ] as const) {
      for (const path of paths) {
        const own = await t.as(token).get(path);
        const named = await t.as(token).get(`${path}&companyId=${foreignId}`);
        expect(named.status, path).toBe(200);
        expect(named.body, path).toEqual(own.body);
      }
    }
    // And the answers are indeed each token's own company (hand-computed above).
    const mine = await t.as(adminToken).get(`${paths[1]}&companyId=${otherCompanyId}`);
    expect(mine.body.data.map((row: { name: string }) => row.name)).toEqual(['Ana', 'Bruno']);
    const theirs = await t.as(otherToken).get(`${paths[2]}&companyId=${companyId}`);
    expect(theirs.body.count).toBe(3);
    const summary = await t.as(otherToken).get(`${paths[0]}&companyId=${companyId}`);
    expect(summary.body.period.timeZone).toBe('UTC');
    expect(summary.body.attendants.map((row: { name: string }) => row.name)).toEqual(['Other admin']);
  });

  it('is admin only, and needs a session', async () => {
    const user = await buildUser(t.db, { companyId, profile: 'user' });
    const { token } = await t.login(user.email, TEST_PASSWORD);
    for (const path of [
      '/api/dashboard?days=7',
      '/api/dashboard/ticketsDay?initialDate=2024-05-01&finalDate=2024-05-10',
      '/api/dashboard/ticketsUsers?initialDate=2024-05-01&finalDate=2024-05-10',
    ]) {
      const answer = await t.as(token).get(path);
      expect(answer.status, path).toBe(403);
      expect(answer.body.error).toBe('ERR_NO_PERMISSION');
      expect((await t.request('GET', path)).status).toBe(401);
    }
  });
});
