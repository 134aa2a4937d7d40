import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { milestone, waitUntil } from '../../../test/eventually.ts';
import { buildCompany, buildUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { queryRows } from '../../platform/db/client.ts';
import { contacts, messages, tickets } from '../../tables.ts';

// Writes that move the report rollups take the ticket's row first and the hour rows after
// (docs/decisions/reports.md, "Lock order"). Two transactions on one ticket that took them the
// other way round deadlocked, and PostgreSQL failed one: a send answered 500. PostgreSQL only:
// the embedded database runs one transaction at a time.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

/** An open ticket of an attendant, whose customer has written and not been answered yet. */
async function ticketAwaitingAnswer() {
  const company = await buildCompany(t.db);
  const attendant = await buildUser(t.db, { companyId: company.id });
  const [contact] = await t.db
    .insert(contacts)
    .values({ companyId: company.id, name: 'Ana', number: '5511900001234' })
    .returning();
  const [ticket] = await t.db
    .insert(tickets)
    .values({ companyId: company.id, contactId: contact!.id, userId: attendant.id, status: 'open' })
    .returning();
  await t.db.insert(messages).values({ companyId: company.id, ticketId: ticket!.id, body: 'oi' });
  return { companyId: company.id, attendantId: attendant.id, ticketId: ticket!.id };
}

describe('report rollup lock order', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "lets a bot's send and the attendant's first answer on one ticket wait for each other, not deadlock",
    async () => {
      const { companyId, attendantId, ticketId } = await ticketAwaitingAnswer();
      const inserted = milestone();
      const released = milestone();
      // A bot's send, as the messages module writes it: the message, then the ticket's last message.
      const botSend = t.db.transaction(async (tx) => {
        await tx.insert(messages).values({ companyId, ticketId, body: 'menu', fromMe: true, isSystem: true });
        inserted.reach();
        await released.reached;
        await tx.update(tickets).set({ lastMessage: 'menu' }).where(eq(tickets.id, ticketId));
      });
      await inserted.reached;
      // The attendant's first answer stamps the ticket's first response, which recounts its rows.
      const answer = t.db.transaction(async (tx) => {
        await tx.insert(messages).values({ companyId, ticketId, body: 'olá', fromMe: true, userId: attendantId });
        await tx.update(tickets).set({ lastMessage: 'olá' }).where(eq(tickets.id, ticketId));
      });
      await waitUntil(async () => {
        const waiting = await queryRows(
          t.db,
          sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into "messages"%'`,
        );
        return waiting.length > 0;
      });
      released.reach();
      const outcomes = await Promise.allSettled([botSend, answer]);
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
      ]);
      const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
      expect(row!.firstResponseAt).not.toBeNull();
      const [counted] = await queryRows<{ out: number }>(
        t.db,
        sql`select sum(messages_out)::int as out from report_hours where company_id = ${companyId}`,
      );
      expect(counted!.out).toBe(2);
    },
  );
});
