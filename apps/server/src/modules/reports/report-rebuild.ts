import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/client.ts';

/**
 * The rebuild of a company's rows after a time zone change, as a job rather than inside the
 * settings transaction: with millions of messages it takes minutes. Idempotent: without a waiting
 * request it does nothing, and a request made while it ran (the zone changed again) stays for the
 * next run.
 */
export function createReportRebuild(db: Database) {
  return {
    /** Rebuilds the company's rows if it waits for it; answers whether it did. */
    async rebuild(companyId: number) {
      return db.transaction(async (tx) => {
        // Two runs at once would insert the same rows twice: the second waits, then finds nothing to do.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reports.rebuild'), ${companyId})`);
        const [request] = await queryRows<{ requested_at: string }>(
          tx,
          sql`select requested_at::text from report_rebuilds where company_id = ${companyId}`,
        );
        if (!request) return false;
        await tx.execute(sql`select report_rebuild(${companyId})`);
        await tx.execute(
          sql`delete from report_rebuilds where company_id = ${companyId} and requested_at = ${request.requested_at}::timestamptz`,
        );
        return true;
      });
    },

    /** The companies still waiting for a rebuild. */
    async waiting() {
      const rows = await queryRows<{ company_id: number }>(db, sql`select company_id from report_rebuilds`);
      return rows.map((row) => row.company_id);
    },

    async isWaiting(companyId: number) {
      const rows = await queryRows(db, sql`select 1 from report_rebuilds where company_id = ${companyId}`);
      return rows.length > 0;
    },
  };
}

export type ReportRebuild = ReturnType<typeof createReportRebuild>;
