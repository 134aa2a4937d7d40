import { type ReportGrouping, SATISFACTION_COMMENTS_LIMIT } from '@wacrm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/client.ts';

/** What a report asks of the rollup: whole company days and the filters (ids, empty = all). */
export interface ReportSelection {
  from: string;
  to: string;
  queueIds?: number[];
  userIds?: number[];
  whatsappIds?: number[];
  tagIds?: number[];
}

/** The summed measures of a set of rollup rows (docs/decisions/reports.md). */
export interface ReportSums {
  opened: number;
  closed: number;
  reopened: number;
  messages_in: number | null;
  messages_out: number | null;
  resolution_seconds: number;
  resolution_business_seconds: number;
  handling_count: number;
  handling_seconds: number;
  handling_business_seconds: number;
  first_response_count: number;
  first_response_seconds: number;
  first_response_business_seconds: number;
  wait_count: number;
  wait_seconds: number;
  wait_business_seconds: number;
  rating_count: number;
  rating_sum: number;
  rating_1: number;
  rating_2: number;
  rating_3: number;
}

export type ReportDimension = 'user' | 'queue' | 'whatsapp' | 'tag';

const sums = (withMessages: boolean) =>
  sql.raw(`
  coalesce(sum(opened), 0)::int as opened, coalesce(sum(closed), 0)::int as closed,
  coalesce(sum(reopened), 0)::int as reopened,
  ${withMessages ? 'coalesce(sum(messages_in), 0)::int' : 'null::int'} as messages_in,
  ${withMessages ? 'coalesce(sum(messages_out), 0)::int' : 'null::int'} as messages_out,
  coalesce(sum(resolution_seconds), 0)::float8 as resolution_seconds,
  coalesce(sum(resolution_business_seconds), 0)::float8 as resolution_business_seconds,
  coalesce(sum(handling_count), 0)::int as handling_count,
  coalesce(sum(handling_seconds), 0)::float8 as handling_seconds,
  coalesce(sum(handling_business_seconds), 0)::float8 as handling_business_seconds,
  coalesce(sum(first_response_count), 0)::int as first_response_count,
  coalesce(sum(first_response_seconds), 0)::float8 as first_response_seconds,
  coalesce(sum(first_response_business_seconds), 0)::float8 as first_response_business_seconds,
  coalesce(sum(wait_count), 0)::int as wait_count,
  coalesce(sum(wait_seconds), 0)::float8 as wait_seconds,
  coalesce(sum(wait_business_seconds), 0)::float8 as wait_business_seconds,
  coalesce(sum(rating_count), 0)::int as rating_count, coalesce(sum(rating_sum), 0)::int as rating_sum,
  coalesce(sum(rating_1), 0)::int as rating_1, coalesce(sum(rating_2), 0)::int as rating_2,
  coalesce(sum(rating_3), 0)::int as rating_3`);

/**
 * A series' buckets: rows are grouped by `group` (the raw hour or day for those groupings, so no
 * row pays for formatting) and each group is labelled once by `label` over its `t`.
 */
const bucketOf = (grouping: ReportGrouping) =>
  ({
    hour: { group: 'r.hour', label: `to_char(x.t, 'YYYY-MM-DD HH24:00')` },
    day: { group: 'r.day', label: `to_char(x.t, 'YYYY-MM-DD')` },
    week: { group: `date_trunc('week', r.day)`, label: `to_char(x.t, 'YYYY-MM-DD')` },
    month: { group: `date_trunc('month', r.day)`, label: `to_char(x.t, 'YYYY-MM')` },
  })[grouping];

const ids = (values: number[]) => sql`${sql.param(values)}::int[]`;

/**
 * Every read sums rollup rows over the period with the company id first: one index range per
 * statement. The day rows (`report_days`, or `report_tag_days` under a tag filter and for the tags
 * report) unless the series is grouped by hour, which reads the hour rows (`report_hours`,
 * `report_tag_hours`); the totals and the table of an hourly report still read day rows.
 */
export function createReportsRepository(db: Database) {
  /** The rollup to read and the WHERE of a selection. */
  function source(companyId: number, selection: ReportSelection, options: { byTag?: boolean; byHour?: boolean } = {}) {
    const tagged = options.byTag || (selection.tagIds?.length ?? 0) > 0;
    const hourly = options.byHour ?? false;
    const conditions: SQL[] = [sql`r.company_id = ${companyId}`];
    if (hourly) {
      conditions.push(
        sql`r.hour >= ${selection.from}::date::timestamp`,
        sql`r.hour < (${selection.to}::date + 1)::timestamp`,
      );
    } else {
      conditions.push(sql`r.day >= ${selection.from}::date`, sql`r.day <= ${selection.to}::date`);
    }
    if (selection.queueIds?.length) conditions.push(sql`r.queue_id = any(${ids(selection.queueIds)})`);
    if (selection.userIds?.length) conditions.push(sql`r.user_id = any(${ids(selection.userIds)})`);
    if (selection.whatsappIds?.length) conditions.push(sql`r.whatsapp_id = any(${ids(selection.whatsappIds)})`);
    if (selection.tagIds?.length) conditions.push(sql`r.tag_id = any(${ids(selection.tagIds)})`);
    const table = tagged ? (hourly ? 'report_tag_hours' : 'report_tag_days') : hourly ? 'report_hours' : 'report_days';
    return {
      table: sql.raw(`${table} r`),
      where: sql.join(conditions, sql` and `),
      withMessages: !tagged,
    };
  }

  return {
    async totals(companyId: number, selection: ReportSelection): Promise<ReportSums> {
      const from = source(companyId, selection);
      const [row] = await queryRows<ReportSums>(
        db,
        sql`select ${sums(from.withMessages)} from ${from.table} where ${from.where}`,
      );
      return row;
    },

    async series(companyId: number, selection: ReportSelection, groupBy: ReportGrouping) {
      const from = source(companyId, selection, { byHour: groupBy === 'hour' });
      const bucket = bucketOf(groupBy);
      const statement = sql`select ${sql.raw(bucket.label)} as bucket, x.* from (
          select ${sql.raw(bucket.group)} as t, ${sums(from.withMessages)} from ${from.table} where ${from.where} group by 1
        ) x`;
      if (groupBy !== 'hour') return queryRows<ReportSums & { bucket: string }>(db, statement);
      // An hourly series sums a quarter of a busy company's hour rows, where the planner turns to
      // parallel workers: on two cores that doubled the statement (docs/decisions/reports.md,
      // "Measured"). In one process the key's index gives the hours in order, grouped without a sort.
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
        return queryRows<ReportSums & { bucket: string }>(tx, statement);
      });
    },

    /** One row per attendant, queue, connection or tag, with its name (0 = none). */
    async rows(companyId: number, selection: ReportSelection, dimension: ReportDimension) {
      const from = source(companyId, selection, { byTag: dimension === 'tag' });
      const names = {
        user: sql`left join users n on n.id = x.key and n.company_id = ${companyId}`,
        queue: sql`left join queues n on n.id = x.key and n.company_id = ${companyId}`,
        whatsapp: sql`left join whatsapps n on n.id = x.key and n.company_id = ${companyId}`,
        tag: sql`left join tags n on n.id = x.key and n.company_id = ${companyId}`,
      }[dimension];
      const key = sql.raw(`r.${dimension === 'whatsapp' ? 'whatsapp_id' : `${dimension}_id`}`);
      return queryRows<ReportSums & { key: number; name: string | null }>(
        db,
        sql`select x.*, n.name from (
            select ${key} as key, ${sums(from.withMessages)} from ${from.table} where ${from.where} group by 1
          ) x ${names}`,
      );
    },

    /**
     * The ratings given in `[from, to)` that came with a comment, under the selection's filters
     * (the ticket's current queue, attendant and connection, any of the tags), newest first.
     */
    comments(companyId: number, selection: ReportSelection, period: { from: Date; to: Date }) {
      const conditions: SQL[] = [
        sql`r.company_id = ${companyId}`,
        sql`r.created_at >= ${period.from.toISOString()}::timestamptz`,
        sql`r.created_at < ${period.to.toISOString()}::timestamptz`,
        sql`r.comment is not null`,
      ];
      if (selection.queueIds?.length) conditions.push(sql`t.queue_id = any(${ids(selection.queueIds)})`);
      if (selection.userIds?.length) conditions.push(sql`t.user_id = any(${ids(selection.userIds)})`);
      if (selection.whatsappIds?.length) conditions.push(sql`t.whatsapp_id = any(${ids(selection.whatsappIds)})`);
      if (selection.tagIds?.length) {
        conditions.push(
          sql`exists (select 1 from ticket_tags tt where tt.ticket_id = t.id and tt.tag_id = any(${ids(selection.tagIds)}))`,
        );
      }
      return queryRows<{
        ticket_id: number;
        rated_at: Date | string;
        rate: number;
        comment: string;
        user_name: string | null;
        contact_name: string | null;
      }>(
        db,
        sql`select r.ticket_id, r.created_at as rated_at, r.rate, r.comment, u.name as user_name, c.name as contact_name
            from ticket_ratings r
            join tickets t on t.id = r.ticket_id and t.company_id = ${companyId}
            left join users u on u.id = t.user_id
            left join contacts c on c.id = t.contact_id
            where ${sql.join(conditions, sql` and `)}
            order by r.created_at desc, r.id desc
            limit ${SATISFACTION_COMMENTS_LIMIT}`,
      );
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
