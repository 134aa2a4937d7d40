import type { ReportGrouping } from '@wacrm/shared';
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

/** The bucket label of a row, from its `hour` or `day` column. */
const bucketOf = (grouping: ReportGrouping, time: string) =>
  ({
    hour: `to_char(${time}, 'YYYY-MM-DD HH24:00')`,
    day: `to_char(${time}, 'YYYY-MM-DD')`,
    week: `to_char(date_trunc('week', ${time}), 'YYYY-MM-DD')`,
    month: `to_char(${time}, 'YYYY-MM')`,
  })[grouping];

const ids = (values: number[]) => sql`${sql.param(values)}::int[]`;

/**
 * Every read sums rollup rows over the period (`report_days`, or `report_hours` grouped by hour,
 * or `report_tag_hours` under a tag filter or for the tags report), with the company id first:
 * one index range per statement.
 */
export function createReportsRepository(db: Database) {
  /**
   * The rollup to read and the WHERE of a selection: the tag rows under a tag filter (or for the
   * tags report), the hour rows when grouped by hour, else the day rows (far fewer).
   */
  function source(companyId: number, selection: ReportSelection, options: { byTag?: boolean; byHour?: boolean } = {}) {
    const tagged = options.byTag || (selection.tagIds?.length ?? 0) > 0;
    const hourly = tagged || options.byHour;
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
    return {
      table: sql.raw(tagged ? 'report_tag_hours r' : hourly ? 'report_hours r' : 'report_days r'),
      time: hourly ? 'hour' : 'day',
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
      const bucket = sql.raw(bucketOf(groupBy, from.time));
      return queryRows<ReportSums & { bucket: string }>(
        db,
        sql`select ${bucket} as bucket, ${sums(from.withMessages)} from ${from.table} where ${from.where} group by 1`,
      );
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
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
