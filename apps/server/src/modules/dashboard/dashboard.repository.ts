import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';

/** A period of whole days of the company's calendar: `dateFrom` 00:00 to the end of `dateTo`, in `timeZone`. */
export interface CompanyDays {
  dateFrom: string;
  dateTo: string;
  timeZone: string;
}

/**
 * The period's bounds as instants, computed by PostgreSQL from the company's zone (daylight
 * saving included), so `column >= lo and column < hi` can walk a (company_id, column) index.
 */
function bounds(days: CompanyDays) {
  return {
    lo: sql`((${days.dateFrom}::date)::timestamp at time zone ${days.timeZone})`,
    hi: sql`((${days.dateTo}::date + 1)::timestamp at time zone ${days.timeZone})`,
  };
}

const within = (column: SQL, days: CompanyDays) => {
  const { lo, hi } = bounds(days);
  return sql`${column} >= ${lo} and ${column} < ${hi}`;
};

/** The rollup's days of the period (the rows are already in the company's calendar). */
const onDays = (days: CompanyDays) => sql`day between ${days.dateFrom}::date and ${days.dateTo}::date`;

/** Summed seconds over a summed count, in minutes; null when the count is 0 (nothing to average). */
const rollupMinutes = (seconds: SQL, count: SQL) => sql`(${seconds} / nullif(${count}, 0) / 60)::float8`;

async function rows<T>(db: Database, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function createDashboardRepository(db: Database) {
  return {
    /**
     * The six counters in one statement: the open and pending counts from the tickets' status
     * index, the period's (tickets, times, new contacts) from the day rollup: a year is a few
     * hundred rows per attendant, not every ticket and contact.
     */
    async counters(companyId: number, days: CompanyDays) {
      const [row] = await rows<{
        happening: number;
        pending: number;
        finished: number;
        talk: number | null;
        wait: number | null;
        contacts: number;
      }>(
        db,
        sql`
        select
          (select count(*)::int from tickets where company_id = ${companyId} and status = 'open') as happening,
          (select count(*)::int from tickets where company_id = ${companyId} and status = 'pending') as pending,
          coalesce(sum(finished), 0)::int as finished,
          ${rollupMinutes(sql`sum(talk_seconds)`, sql`sum(talk_count)`)} as talk,
          ${rollupMinutes(sql`sum(wait_seconds)`, sql`sum(accepted)`)} as wait,
          coalesce(sum(new_contacts), 0)::int as contacts
        from dashboard_days where company_id = ${companyId} and ${onDays(days)}`,
      );
      return row;
    },

    /** Every user of the company with their closed tickets, talk time and ratings of the period. */
    attendants: (companyId: number, days: CompanyDays) =>
      rows<{ id: number; name: string; online: boolean; tickets: number; talk: number | null; rating: number | null }>(
        db,
        sql`
        select u.id, u.name, u.online, coalesce(closed.tickets, 0)::int as tickets, closed.talk, rated.rating
        from users u
        left join (
          select user_id, sum(finished)::int as tickets,
                 ${rollupMinutes(sql`sum(talk_seconds)`, sql`sum(talk_count)`)} as talk
          from dashboard_days where company_id = ${companyId} and ${onDays(days)} and user_id <> 0
          group by user_id
        ) closed on closed.user_id = u.id
        left join (
          select user_id, (sum(rating_sum)::numeric / nullif(sum(rating_count), 0))::float8 as rating
          from dashboard_days where company_id = ${companyId} and ${onDays(days)} and user_id <> 0
          group by user_id
        ) rated on rated.user_id = u.id
        where u.company_id = ${companyId}
        order by lower(u.name), u.id`,
      ),

    /** Tickets created in the period, by their current attendant (tickets nobody took are left out). */
    ticketsByUser: (companyId: number, days: CompanyDays) =>
      rows<{ userId: number; name: string; count: number }>(
        db,
        sql`
        select u.id as "userId", u.name, per_user.count
        from (
          select user_id, sum(created)::int as count
          from dashboard_days where company_id = ${companyId} and ${onDays(days)} and user_id <> 0
          group by user_id
          having sum(created) > 0
        ) per_user
        join users u on u.id = per_user.user_id and u.company_id = ${companyId}
        order by per_user.count desc, lower(u.name)`,
      ),

    /**
     * Tickets created in the period, per company-calendar day (from the rollup) or, for one day,
     * per hour (from that day's tickets); only buckets that have some.
     */
    ticketsByBucket: (companyId: number, days: CompanyDays, unit: 'day' | 'hour') =>
      rows<{ bucket: string; count: number }>(
        db,
        unit === 'day'
          ? sql`
            select to_char(day, 'YYYY-MM-DD') as bucket, sum(created)::int as count
            from dashboard_days where company_id = ${companyId} and ${onDays(days)}
            group by day having sum(created) > 0 order by day`
          : sql`
            select to_char(created_at at time zone ${days.timeZone}, 'HH24:00') as bucket, count(*)::int as count
            from tickets where company_id = ${companyId} and ${within(sql`created_at`, days)}
            group by 1 order by 1`,
      ),
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
