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

/** Seconds to minutes, averaged (over the rows `filter` keeps); null when there is nothing to average. */
const avgMinutes = (later: SQL, earlier: SQL, filter?: SQL) =>
  sql`(avg(extract(epoch from (${later} - ${earlier})))${filter ? sql` filter (where ${filter})` : sql``} / 60)::float8`;

async function rows<T>(db: Database, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function createDashboardRepository(db: Database) {
  return {
    /** The six counters in one statement; each subquery walks one of the tickets' company indexes. */
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
          closed.finished, closed.talk, accepted.wait,
          (select count(*)::int from contacts
            where company_id = ${companyId} and ${within(sql`created_at`, days)}) as contacts
        from
          (select count(*)::int as finished,
                  ${avgMinutes(sql`closed_at`, sql`accepted_at`, sql`accepted_at is not null`)} as talk
             from tickets where company_id = ${companyId} and ${within(sql`closed_at`, days)}) as closed,
          (select ${avgMinutes(sql`accepted_at`, sql`created_at`)} as wait
             from tickets where company_id = ${companyId} and ${within(sql`accepted_at`, days)}) as accepted`,
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
          select user_id, count(*)::int as tickets,
                 ${avgMinutes(sql`closed_at`, sql`accepted_at`, sql`accepted_at is not null`)} as talk
          from tickets where company_id = ${companyId} and ${within(sql`closed_at`, days)} and user_id is not null
          group by user_id
        ) closed on closed.user_id = u.id
        left join (
          select user_id, avg(rate)::float8 as rating
          from ticket_ratings where company_id = ${companyId} and ${within(sql`created_at`, days)} and user_id is not null
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
          select user_id, count(*)::int as count
          from tickets where company_id = ${companyId} and ${within(sql`created_at`, days)} and user_id is not null
          group by user_id
        ) per_user
        join users u on u.id = per_user.user_id and u.company_id = ${companyId}
        order by per_user.count desc, lower(u.name)`,
      ),

    /** Tickets created in the period, per company-calendar day or hour (only buckets that have some). */
    ticketsByBucket: (companyId: number, days: CompanyDays, unit: 'day' | 'hour') => {
      const format = unit === 'day' ? 'YYYY-MM-DD' : 'HH24:00';
      return rows<{ bucket: string; count: number }>(
        db,
        sql`
        select to_char(created_at at time zone ${days.timeZone}, ${format}) as bucket, count(*)::int as count
        from tickets where company_id = ${companyId} and ${within(sql`created_at`, days)}
        group by 1 order by 1`,
      );
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
