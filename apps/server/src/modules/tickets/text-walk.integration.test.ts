import { type TicketListQuery, type TicketsPage, ticketListQuerySchema } from '@wacrm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { queryRows } from '../../platform/db/client.ts';
import { contacts } from '../../tables.ts';
import type { TicketViewer } from './tickets.policy.ts';
import { createTicketsRepository } from './tickets.repository.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** The walks' bounds here: the newest 120 tickets, then on to 240. */
const walk = { firstTickets: 120, tickets: 240 };
/** Every guess trusted, the walk taken for every text. */
const alwaysWalk = { guessedMessages: 0, guessedShare: 0, sureShare: 0, countedMessages: 0, ...walk };
/** Every guess counted, and the count too low for a walk: the index's matches read whole. */
const alwaysIndex = {
  guessedMessages: 0,
  guessedShare: 0,
  sureShare: Number.POSITIVE_INFINITY,
  // A count's cap is the statement's limit: a number PostgreSQL reads, more than any text here has.
  countedMessages: 1_000_000,
  ...walk,
};
/** Every guess counted: a text found in a message walks, a text found nowhere is looked up. */
const walkWhenCounted = { ...alwaysIndex, countedMessages: 1 };
/** Every text left to the planner. */
const plannerOnly = { ...alwaysWalk, guessedMessages: Number.POSITIVE_INFINITY };
/** Ticket n was last updated n minutes before this. */
const base = '2026-06-01T12:00:00Z';
const ticketNumber = `(extract(epoch from '${base}'::timestamptz - updated_at)::int / 60)`;

/**
 * 300 closed tickets, newest first by number (ticket 1 is the newest), three messages each, and
 * words placed so the bounded walk meets each of its cases.
 */
async function company() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const [plain, spread] = await t.db
    .insert(contacts)
    .values([
      { companyId: company.id, name: 'Plain Person', number: `5511${company.id}01` },
      { companyId: company.id, name: 'Spread Silva', number: `5511${company.id}02` },
    ])
    .returning();
  const rows = await queryRows<{ id: number; n: number }>(
    t.db,
    sql`insert into tickets (company_id, contact_id, status, user_id, updated_at)
        select ${company.id}, case when n % 50 = 7 then ${spread.id}::int else ${plain.id}::int end, 'closed', ${admin.id},
               ${base}::timestamptz - n * interval '1 minute'
        from generate_series(1, 300) as n returning id, ${sql.raw(ticketNumber)} as n`,
  );
  const byNumber = new Map(rows.map((row) => [Number(row.n), Number(row.id)]));
  // "often": all but every tenth ticket (the first walk finds what the query needs); "half": every
  // other (the walk goes on and finds it); "burst": every other of the newest 120, none of the next
  // 120, the 60 oldest (the walk goes on and falls short); "middling": the 30 oldest only and
  // "spread": every fifth (too few in the first walk to go on: the index).
  await t.db.execute(sql`insert into messages (company_id, ticket_id, body)
    select ${company.id}, tickets.id, body from tickets,
      lateral (values
        ('hello, ' || case when ${sql.raw(ticketNumber)} % 10 <> 0 then 'OFTEN asked' else 'nothing' end),
        ('order ' || case when ${sql.raw(ticketNumber)} > 270 then 'a middling word'
                          when ${sql.raw(ticketNumber)} % 5 = 0 then 'spréad' else 'plain' end),
        ('note' || case when ${sql.raw(ticketNumber)} % 2 = 0 then ' half' else '' end
                || case when (${sql.raw(ticketNumber)} <= 120 and ${sql.raw(ticketNumber)} % 2 = 0)
                          or ${sql.raw(ticketNumber)} > 240 then ' burst' else '' end)
      ) as texts(body)
    where tickets.company_id = ${company.id}`);
  const viewer: TicketViewer = {
    companyId: company.id,
    userId: admin.id,
    isAdmin: true,
    allTicket: false,
    queueIds: [],
  };
  return { viewer, byNumber };
}

type Page = TicketsPage;
const query = (values: Record<string, string>): TicketListQuery =>
  ticketListQuerySchema.parse({ showAll: 'true', ...values });

describe('the text branch walks with a bound', () => {
  it('answers every page and count exactly as the planner, whichever way it found the matches', async () => {
    const { viewer, byNumber } = await company();
    const planner = createTicketsRepository(t.db, plannerOnly);
    const forms = {
      walk: createTicketsRepository(t.db, alwaysWalk),
      index: createTicketsRepository(t.db, alwaysIndex),
      counted: createTicketsRepository(t.db, walkWhenCounted),
    };
    const list = async (repository: typeof planner, values: Record<string, string>) =>
      JSON.parse(await repository.list(viewer, query(values))) as Page;
    const ids = (page: Page) => page.tickets.map((ticket) => ticket.id);
    const newest = (numbers: number[]) => numbers.sort((a, b) => a - b).map((number) => byNumber.get(number) as number);
    const numbers = (keep: (number: number) => boolean) => [...byNumber.keys()].filter(keep);

    const words = {
      often: newest(numbers((n) => n % 10 !== 0)),
      half: newest(numbers((n) => n % 2 === 0)),
      burst: newest(numbers((n) => (n <= 120 && n % 2 === 0) || n > 240)),
      middling: newest(numbers((n) => n > 270)),
      // The name branch ("Spread Silva") and the text branch together.
      spread: newest(numbers((n) => (n % 5 === 0 && n <= 270) || n % 50 === 7)),
      nowhere: [],
    };
    for (const [form, repository] of Object.entries(forms)) {
      for (const [word, expected] of Object.entries(words)) {
        const label = `${word} (${form})`;
        const first = await list(repository, { searchParam: word });
        expect(first, label).toEqual(await list(planner, { searchParam: word }));
        expect(ids(first), label).toEqual(expected.slice(0, 40));
        expect(first.count, label).toBe(Math.min(expected.length, 100));
        expect(first.countCapped, label).toBe(expected.length > 100);
        if (!first.nextCursor) continue;
        const byCursor = await list(repository, { searchParam: word, before: first.nextCursor });
        expect(byCursor, label).toEqual(await list(planner, { searchParam: word, before: first.nextCursor }));
        expect(ids(byCursor), label).toEqual(expected.slice(40, 80));
        const byOffset = await list(repository, { searchParam: word, pageNumber: '3' });
        expect(byOffset, label).toEqual(await list(planner, { searchParam: word, pageNumber: '3' }));
        expect(ids(byOffset), label).toEqual(expected.slice(80, 120));
      }
    }
  });

  it("never finds another company's tickets through the index", async () => {
    const mine = await company();
    const theirs = await company();
    const theirIds = new Set(theirs.byNumber.values());
    for (const bounds of [alwaysWalk, alwaysIndex]) {
      const repository = createTicketsRepository(t.db, bounds);
      const found = JSON.parse(await repository.list(mine.viewer, query({ searchParam: 'middling' }))) as Page;
      expect(found.count).toBe(30);
      expect(found.tickets.some((ticket) => theirIds.has(ticket.id))).toBe(false);
    }
  });
});
