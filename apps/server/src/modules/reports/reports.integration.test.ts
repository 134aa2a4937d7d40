import {
  parseCsv,
  type ReportAnswer,
  reportCell,
  reportColumns,
  reportTableRows,
  satisfactionCommentsToCsv,
} from '@wacrm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import {
  contacts,
  messages,
  queues,
  settings,
  tags,
  ticketRatings,
  tickets,
  ticketTags,
  whatsapps,
} from '../../tables.ts';
import { businessHoursSweepJob, reportRebuildJob } from './reports.jobs.ts';

/**
 * The measures against hand-computed values on a fixed data set (docs/decisions/reports.md):
 * a company in New York (daylight saving began 2024-03-10 at 02:00), open Monday to Friday
 * 09:00–18:00. Three conversations:
 * - T1 (Tue 12th): a bot answers first, hands over to queue Q1 at 09:05, A1 accepts at 09:10,
 *   answers at 09:12, closes at 10:00; rated 3.
 * - T2 (Tue 12th, 16:30, Q1): A1 accepts at 16:40 and answers at 17:00; transferred to A2 and Q2,
 *   closed at 18:30, reopened at 19:00, closed again Wed 13th 10:00.
 * - T3 (Sat 9th, 23:30, no queue): A1 accepts across midnight and the DST jump (Sun 03:30 EDT,
 *   3 real hours later), answers at 03:40, closes Mon 11th 09:30; rated 1.
 */
const Z = (iso: string) => new Date(iso);
const PERIOD = 'from=2024-03-09&to=2024-03-13';

let t: TestServer;
let adminToken: string;
let a1Token: string;
let a2Token: string;
let otherAdminToken: string;
let ids: {
  a1: number;
  a2: number;
  q1: number;
  q2: number;
  w1: number;
  tag: number;
  otherUser: number;
  t1: number;
};

async function message(ticketId: number, companyId: number, at: string, from: 'customer' | 'bot' | number) {
  await t.db.insert(messages).values({
    companyId,
    ticketId,
    body: 'x',
    fromMe: from !== 'customer',
    isSystem: from === 'bot',
    userId: typeof from === 'number' ? from : null,
    createdAt: Z(at),
    updatedAt: Z(at),
  });
}

beforeAll(async () => {
  t = await startTestServer({}, { clock: () => Z('2024-03-14T12:00:00Z') });
  const weekdays = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTime: '09:00',
    endTime: '18:00',
  }));
  const company = await buildCompany(t.db, { schedules: weekdays });
  const companyId = company.id;
  await t.db
    .update(settings)
    .set({ value: 'America/New_York' })
    .where(sql`${settings.companyId} = ${companyId} and ${settings.key} = 'timezone'`);
  const admin = await buildUser(t.db, { companyId, profile: 'admin' });
  const a1 = await buildUser(t.db, { companyId, name: 'Ana' });
  const a2 = await buildUser(t.db, { companyId, name: 'Bruno' });
  adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
  a1Token = (await t.login(a1.email, TEST_PASSWORD)).token;
  a2Token = (await t.login(a2.email, TEST_PASSWORD)).token;
  const [w1] = await t.db.insert(whatsapps).values({ companyId, name: 'Main line' }).returning();
  const [q1, q2] = await t.db
    .insert(queues)
    .values([
      { companyId, name: 'Sales', color: '#111111' },
      { companyId, name: 'Support', color: '#222222' },
    ])
    .returning();
  const [tag] = await t.db.insert(tags).values({ companyId, name: 'VIP' }).returning();
  const [contact] = await t.db
    .insert(contacts)
    .values({ companyId, name: 'Customer', number: '5511999990001' })
    .returning();
  const [contact2] = await t.db
    .insert(contacts)
    .values({ companyId, name: 'Other', number: '5511999990002' })
    .returning();
  const [contact3] = await t.db
    .insert(contacts)
    .values({ companyId, name: 'Third', number: '5511999990003' })
    .returning();

  // T1: bot first, handed over to Q1.
  const [t1] = await t.db
    .insert(tickets)
    .values({
      companyId,
      contactId: contact.id,
      whatsappId: w1.id,
      chatbot: true,
      createdAt: Z('2024-03-12T13:00:00Z'),
    })
    .returning();
  await message(t1.id, companyId, '2024-03-12T13:00:00Z', 'customer');
  await message(t1.id, companyId, '2024-03-12T13:00:10Z', 'bot');
  await t.db
    .update(tickets)
    .set({ queueId: q1.id, queuedAt: Z('2024-03-12T13:05:00Z'), chatbot: false })
    .where(eq(tickets.id, t1.id));
  await t.db
    .update(tickets)
    .set({ status: 'open', userId: a1.id, acceptedAt: Z('2024-03-12T13:10:00Z') })
    .where(eq(tickets.id, t1.id));
  await message(t1.id, companyId, '2024-03-12T13:12:00Z', a1.id);
  await t.db
    .update(tickets)
    .set({ status: 'closed', closedAt: Z('2024-03-12T14:00:00Z') })
    .where(eq(tickets.id, t1.id));
  await t.db.insert(ticketRatings).values({
    companyId,
    ticketId: t1.id,
    userId: a1.id,
    rate: 3,
    comment: '=Fast; and "kind"',
    createdAt: Z('2024-03-12T14:05:00Z'),
  });
  await t.db.insert(ticketTags).values({ ticketId: t1.id, tagId: tag.id });

  // T2: transfer and reopening.
  const [t2] = await t.db
    .insert(tickets)
    .values({
      companyId,
      contactId: contact2.id,
      whatsappId: w1.id,
      queueId: q1.id,
      queuedAt: Z('2024-03-12T20:30:00Z'),
      createdAt: Z('2024-03-12T20:30:00Z'),
    })
    .returning();
  await message(t2.id, companyId, '2024-03-12T20:30:00Z', 'customer');
  await t.db
    .update(tickets)
    .set({ status: 'open', userId: a1.id, acceptedAt: Z('2024-03-12T20:40:00Z') })
    .where(eq(tickets.id, t2.id));
  await message(t2.id, companyId, '2024-03-12T21:00:00Z', a1.id);
  await t.db.update(tickets).set({ userId: a2.id, queueId: q2.id }).where(eq(tickets.id, t2.id));
  await t.db.insert(ticketTags).values({ ticketId: t2.id, tagId: tag.id });
  await t.db
    .update(tickets)
    .set({ status: 'closed', closedAt: Z('2024-03-12T22:30:00Z') })
    .where(eq(tickets.id, t2.id));
  await t.db
    .update(tickets)
    .set({ status: 'open', closedAt: null, updatedAt: Z('2024-03-12T23:00:00Z') })
    .where(eq(tickets.id, t2.id));
  await t.db
    .update(tickets)
    .set({ status: 'closed', closedAt: Z('2024-03-13T14:00:00Z') })
    .where(eq(tickets.id, t2.id));

  // T3: across midnight and the daylight-saving jump, no queue.
  const [t3] = await t.db
    .insert(tickets)
    .values({ companyId, contactId: contact3.id, whatsappId: w1.id, createdAt: Z('2024-03-10T04:30:00Z') })
    .returning();
  await message(t3.id, companyId, '2024-03-10T04:30:00Z', 'customer');
  await t.db
    .update(tickets)
    .set({ status: 'open', userId: a1.id, acceptedAt: Z('2024-03-10T07:30:00Z') })
    .where(eq(tickets.id, t3.id));
  await message(t3.id, companyId, '2024-03-10T07:40:00Z', a1.id);
  await t.db
    .update(tickets)
    .set({ status: 'closed', closedAt: Z('2024-03-11T13:30:00Z') })
    .where(eq(tickets.id, t3.id));
  await t.db
    .insert(ticketRatings)
    .values({ companyId, ticketId: t3.id, userId: a1.id, rate: 1, createdAt: Z('2024-03-11T13:35:00Z') });

  await t.platform.jobs.runNow(businessHoursSweepJob);

  // Another company with one conversation in the same days.
  const other = await buildCompany(t.db);
  const otherAdmin = await buildUser(t.db, { companyId: other.id, profile: 'admin' });
  otherAdminToken = (await t.login(otherAdmin.email, TEST_PASSWORD)).token;
  const [otherContact] = await t.db
    .insert(contacts)
    .values({ companyId: other.id, name: 'C', number: '5511999990009' })
    .returning();
  const [otherTicket] = await t.db
    .insert(tickets)
    .values({ companyId: other.id, contactId: otherContact.id, createdAt: Z('2024-03-12T15:00:00Z') })
    .returning();
  await t.db.insert(ticketRatings).values({
    companyId: other.id,
    ticketId: otherTicket.id,
    rate: 2,
    comment: 'Not yours',
    createdAt: Z('2024-03-12T15:30:00Z'),
  });
  ids = { a1: a1.id, a2: a2.id, q1: q1.id, q2: q2.id, w1: w1.id, tag: tag.id, otherUser: otherAdmin.id, t1: t1.id };
});
afterAll(() => t.close());

const report = async (token: string, path: string) => {
  const answer = await t.as(token).get(`/api/reports/${path}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as ReportAnswer;
};

describe('reports: measures on a fixed data set', () => {
  it('computes every overview figure by hand, calendar and business hours', async () => {
    const overview = await report(adminToken, `overview?${PERIOD}`);
    expect(overview.period).toEqual({
      from: '2024-03-09',
      to: '2024-03-13',
      timeZone: 'America/New_York',
      groupBy: 'day',
    });
    expect(overview.previousPeriod).toEqual({ from: '2024-03-04', to: '2024-03-08' });
    expect(overview.totals).toEqual({
      opened: 3,
      closed: 3,
      reopened: 1,
      messagesIn: 3,
      messagesOut: 4,
      firstResponse: (420 + 1_800 + 11_400) / 3,
      firstResponseBusiness: Math.round((420 + 1_800 + 0) / 3),
      waiting: (300 + 600 + 10_800) / 3,
      waitingBusiness: (300 + 600 + 0) / 3,
      resolution: (3_600 + 63_000 + 118_800) / 3,
      resolutionBusiness: (3_600 + 9_000 + 1_800) / 3,
      handling: (3_000 + 62_400 + 108_000) / 3,
      handlingBusiness: (3_000 + 8_400 + 1_800) / 3,
      ratings: 2,
      ratingAverage: 2,
      rating1: 1,
      rating2: 0,
      rating3: 1,
      ratingResponseRate: 0.6667,
    });
    expect(overview.previousTotals.opened).toBe(0);
    expect(overview.series.map((point) => [point.bucket, point.opened, point.closed])).toEqual([
      ['2024-03-09', 1, 0],
      ['2024-03-10', 0, 0],
      ['2024-03-11', 0, 1],
      ['2024-03-12', 2, 1],
      ['2024-03-13', 0, 1],
    ]);
    // No service-level policy in this company: every target count is zero.
    expect(overview.sla).toEqual({ firstResponse: { met: 0, breached: 0 }, resolution: { met: 0, breached: 0 } });
  });

  it('groups by the hours of the company clock across the daylight-saving jump', async () => {
    const byHour = await report(adminToken, 'overview?from=2024-03-10&to=2024-03-10&groupBy=hour');
    expect(byHour.series).toHaveLength(24);
    // T3 accepted at 07:30Z, which is 03:30 EDT (02:00 local never happened that day).
    const accepted = byHour.series.filter((point) => point.waiting !== null).map((point) => point.bucket);
    expect(accepted).toEqual(['2024-03-10 03:00']);
    const byWeek = await report(adminToken, `overview?${PERIOD}&groupBy=week`);
    expect(byWeek.series.map((point) => [point.bucket, point.opened])).toEqual([
      ['2024-03-04', 1],
      ['2024-03-11', 2],
    ]);
    const byMonth = await report(adminToken, `overview?${PERIOD}&groupBy=month`);
    expect(byMonth.series.map((point) => [point.bucket, point.closed])).toEqual([['2024-03', 3]]);
  });

  it('splits by attendant (after the transfer), queue, tag and connection', async () => {
    const attendants = await report(adminToken, `attendants?${PERIOD}`);
    expect(attendants.rows.map((row) => [row.name, row.closed, row.firstResponse, row.ratingAverage])).toEqual([
      ['Ana', 2, (420 + 11_400) / 2, 2],
      ['Bruno', 1, 1_800, null],
    ]);
    const byQueue = await report(adminToken, `queues?${PERIOD}`);
    expect(byQueue.rows.map((row) => [row.id, row.opened, row.waiting])).toEqual(
      expect.arrayContaining([
        [ids.q1, 1, 300],
        [ids.q2, 1, 600],
        [0, 1, 10_800],
      ]),
    );
    const byTag = await report(adminToken, `tags?${PERIOD}`);
    expect(byTag.rows.map((row) => [row.name, row.opened, row.closed, row.reopened, row.messagesIn])).toEqual([
      ['VIP', 2, 2, 1, null],
    ]);
    const tagged = await report(adminToken, `overview?${PERIOD}&tagIds=${ids.tag}`);
    expect([tagged.totals.opened, tagged.totals.messagesIn]).toEqual([2, null]);
    const connections = await report(adminToken, `connections?${PERIOD}&queueIds=${ids.q1},${ids.q2}`);
    expect(connections.rows.map((row) => [row.name, row.opened, row.messagesIn, row.messagesOut])).toEqual([
      // Messages carry the queue the ticket was in when written: T1's customer message and the
      // bot's came before Q1, T2's answer was written in Q1.
      ['Main line', 2, 1, 2],
    ]);
    const satisfaction = await report(adminToken, `satisfaction?${PERIOD}`);
    expect(satisfaction.totals.ratingResponseRate).toBe(0.6667);
    expect(satisfaction.rows.map((row) => [row.name, row.rating1, row.rating3])).toEqual([
      ['Ana', 1, 1],
      ['Bruno', 0, 0],
    ]);
  });

  it('lists the comments written after the rating, under the same filters', async () => {
    const satisfaction = await report(adminToken, `satisfaction?${PERIOD}`);
    expect(satisfaction.comments).toEqual([
      {
        ticketId: ids.t1,
        ratedAt: '2024-03-12T14:05:00.000Z',
        rate: 3,
        comment: '=Fast; and "kind"',
        userName: 'Ana',
        contactName: 'Customer',
      },
    ]);
    // T1 ended in Q1 with Ana: other queues, attendants, tags and days have no comment.
    for (const query of [
      `${PERIOD}&queueIds=${ids.q2}`,
      `${PERIOD}&userIds=${ids.a2}`,
      'from=2024-03-13&to=2024-03-13',
      `${PERIOD}&tagIds=${ids.tag}&queueIds=${ids.q2}`,
    ]) {
      const narrowed = await report(adminToken, `satisfaction?${query}`);
      expect(narrowed.comments, query).toEqual([]);
    }
    expect((await report(adminToken, `satisfaction?${PERIOD}&tagIds=${ids.tag}`)).comments).toHaveLength(1);
    expect((await report(adminToken, `overview?${PERIOD}`)).comments).toBeNull();
    expect((await report(a2Token, `satisfaction?${PERIOD}`)).comments).toEqual([]);
    expect((await report(a1Token, `satisfaction?${PERIOD}`)).comments).toHaveLength(1);
    expect((await report(otherAdminToken, `satisfaction?${PERIOD}`)).comments?.map((row) => row.comment)).toEqual([
      'Not yours',
    ]);
  });
});

describe('reports: who sees what', () => {
  it('gives an attendant their own figures only, and refuses anyone else', async () => {
    const own = await report(a2Token, `attendants?${PERIOD}`);
    expect(own.rows.map((row) => row.id)).toEqual([ids.a2]);
    expect(own.totals.closed).toBe(1);
    const overview = await report(a1Token, `overview?${PERIOD}`);
    expect(overview.totals.closed).toBe(2);
    const refused = await t.as(a1Token).get(`/api/reports/attendants?${PERIOD}&userIds=${ids.a2}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await t.as(a1Token).get(`/api/reports/overview.csv?${PERIOD}&userIds=${ids.a2}`)).status).toBe(403);
  });

  it('keeps companies apart', async () => {
    const other = await report(otherAdminToken, `overview?${PERIOD}`);
    expect(other.totals.opened).toBe(1);
    const named = await report(otherAdminToken, `attendants?${PERIOD}&userIds=${ids.a1}&queueIds=${ids.q1}`);
    expect(named.rows).toEqual([]);
    expect(named.totals.closed).toBe(0);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      'from=2024-03-10&to=2024-03-01',
      'from=2024-02-30&to=2024-03-01',
      'from=2023-01-01&to=2024-03-01',
      'from=2024-01-01&to=2024-06-01&groupBy=hour',
      `${PERIOD}&queueIds=abc`,
      `${PERIOD}&groupBy=year`,
      'to=2024-03-01',
    ]) {
      const answer = await t.as(adminToken).get(`/api/reports/overview?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toBe('ERR_VALIDATION');
    }
  });
});

describe('reports: CSV', () => {
  it('answers exactly the table of each report', async () => {
    for (const kind of ['overview', 'attendants', 'queues', 'tags', 'connections', 'satisfaction'] as const) {
      const answer = await report(adminToken, `${kind}?${PERIOD}`);
      const csv = await t.as(adminToken).get(`/api/reports/${kind}.csv?${PERIOD}&lang=pt`);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const [header, ...lines] = parseCsv(csv.body as string);
      expect(header).toHaveLength(reportColumns[kind].length + 1);
      expect(lines).toEqual(
        reportTableRows(answer).map((row) => [
          row.label,
          ...reportColumns[kind].map((column) => reportCell(row.figures[column])),
        ]),
      );
    }
  });

  it('writes the satisfaction comments as shown, a formula kept as text', async () => {
    const answer = await report(adminToken, `satisfaction?${PERIOD}`);
    const [header, ...lines] = parseCsv(satisfactionCommentsToCsv(answer.comments ?? [], 'pt', () => '12/03/2024'));
    expect(header).toEqual(['Avaliado em', 'Atendente', 'Contato', 'Nota', 'Comentário']);
    expect(lines).toEqual([['12/03/2024', 'Ana', 'Customer', '3', `'=Fast; and "kind"`]]);
  });
});

describe('reports: time zone change', () => {
  /** A company of its own (São Paulo) with one ticket opened at 10:00 local time on 12 March. */
  async function companyWithOneTicket() {
    const company = await buildCompany(t.db);
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const token = (await t.login(admin.email, TEST_PASSWORD)).token;
    const [contact] = await t.db
      .insert(contacts)
      .values({ companyId: company.id, name: 'Zoe', number: '5511999990077' })
      .returning();
    await t.db
      .insert(tickets)
      .values({ companyId: company.id, contactId: contact.id, createdAt: Z('2024-03-12T13:00:00Z') });
    const openedAt = async () => {
      const answer = await report(token, 'overview?from=2024-03-12&to=2024-03-12&groupBy=hour');
      return {
        rebuilding: answer.rebuilding,
        hours: answer.series.filter((point) => point.opened > 0).map((point) => point.bucket),
      };
    };
    return { company, token, openedAt };
  }

  it('rebuilds the rows in a job; meanwhile the report says so', async () => {
    const { company, openedAt } = await companyWithOneTicket();
    expect(await openedAt()).toEqual({ rebuilding: false, hours: ['2024-03-12 10:00'] });
    // Any path that changes the zone asks for the rebuild (the trigger on settings).
    await t.db
      .update(settings)
      .set({ value: 'Europe/Lisbon' })
      .where(sql`${settings.companyId} = ${company.id} and ${settings.key} = 'timezone'`);
    expect(await openedAt()).toEqual({ rebuilding: true, hours: ['2024-03-12 10:00'] });
    expect(await t.platform.jobs.runNow(reportRebuildJob, { companyId: company.id })).toBe(true);
    expect(await openedAt()).toEqual({ rebuilding: false, hours: ['2024-03-12 13:00'] });
    // Done once: a second run (a retry, the sweep) finds nothing to do.
    expect(await t.platform.jobs.runNow(reportRebuildJob, { companyId: company.id })).toBe(false);
    expect(await openedAt()).toEqual({ rebuilding: false, hours: ['2024-03-12 13:00'] });
  });

  it('a change through the settings route queues the job, which rebuilds', async () => {
    const { token, openedAt } = await companyWithOneTicket();
    const changed = await t.as(token).put('/api/settings/timezone', { value: 'America/New_York' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await waitUntil(
      async () => {
        const now = await openedAt();
        return !now.rebuilding && now.hours[0] === '2024-03-12 09:00';
      },
      undefined,
      'the rebuild on New York time',
    );
  });
});
