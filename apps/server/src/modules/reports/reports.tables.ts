import { date, index, integer, numeric, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { companyReference } from '../../platform/db/columns.ts';
import { companies } from '../../tables.ts';

/**
 * The measures every report sums (docs/decisions/reports.md), per company, hour of the company's
 * wall clock and attribution. Each event is counted in the hour it happened, under the ticket's
 * current queue, attendant and connection (0 = none). Kept by triggers on `tickets`,
 * `ticket_ratings`, `ticket_tags` and `messages` in the same transaction as the change; a change of
 * a ticket takes its old contribution back and adds the new one, so the rows always equal the
 * direct computation from the tickets (messages are counted when written, with the ticket's
 * attribution at that moment). Rebuilt for a company when its time zone changes.
 */
const measures = {
  opened: integer('opened').notNull().default(0),
  closed: integer('closed').notNull().default(0),
  reopened: integer('reopened').notNull().default(0),
  /** Resolution (created → closed) and handling (accepted → closed), counted on the closing hour. */
  resolutionSeconds: numeric('resolution_seconds').notNull().default('0'),
  resolutionBusinessSeconds: numeric('resolution_business_seconds').notNull().default('0'),
  handlingCount: integer('handling_count').notNull().default(0),
  handlingSeconds: numeric('handling_seconds').notNull().default('0'),
  handlingBusinessSeconds: numeric('handling_business_seconds').notNull().default('0'),
  /** First response, counted on the hour of the response. */
  firstResponseCount: integer('first_response_count').notNull().default(0),
  firstResponseSeconds: numeric('first_response_seconds').notNull().default('0'),
  firstResponseBusinessSeconds: numeric('first_response_business_seconds').notNull().default('0'),
  /** Waiting (entered the queue → accepted), counted on the accepting hour. */
  waitCount: integer('wait_count').notNull().default(0),
  waitSeconds: numeric('wait_seconds').notNull().default('0'),
  waitBusinessSeconds: numeric('wait_business_seconds').notNull().default('0'),
  /** Ratings (1–3), counted on the hour of the rating. */
  ratingCount: integer('rating_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
  rating1: integer('rating_1').notNull().default(0),
  rating2: integer('rating_2').notNull().default(0),
  rating3: integer('rating_3').notNull().default(0),
};

export const reportHours = pgTable(
  'report_hours',
  {
    companyId: companyReference(() => companies.id),
    /** The hour on the company's wall clock (its `timezone` setting), without zone. */
    hour: timestamp('hour', { withTimezone: false }).notNull(),
    queueId: integer('queue_id').notNull().default(0),
    userId: integer('user_id').notNull().default(0),
    whatsappId: integer('whatsapp_id').notNull().default(0),
    ...measures,
    messagesIn: integer('messages_in').notNull().default(0),
    messagesOut: integer('messages_out').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.hour, table.queueId, table.userId, table.whatsappId] })],
);

/**
 * The same ticket measures once per tag the ticket carries (a ticket with two tags counts under
 * both): the tags report and the tag filter read it. Messages are not split by tag.
 */
export const reportTagHours = pgTable(
  'report_tag_hours',
  {
    companyId: companyReference(() => companies.id),
    hour: timestamp('hour', { withTimezone: false }).notNull(),
    tagId: integer('tag_id').notNull(),
    queueId: integer('queue_id').notNull().default(0),
    userId: integer('user_id').notNull().default(0),
    whatsappId: integer('whatsapp_id').notNull().default(0),
    ...measures,
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.hour, table.tagId, table.queueId, table.userId, table.whatsappId] }),
    index('report_tag_hours_tag_idx').on(table.companyId, table.tagId, table.hour),
  ],
);

/**
 * `report_hours` summed per company day (the date of the local hour): what every report reads
 * unless it is grouped by hour or filtered by tag. Bounded by days × attributions however many
 * tickets a day brings, where the hourly rows grow with the events. Kept by a trigger on
 * `report_hours` that applies each row's change to its day.
 */
export const reportDays = pgTable(
  'report_days',
  {
    companyId: companyReference(() => companies.id),
    day: date('day').notNull(),
    queueId: integer('queue_id').notNull().default(0),
    userId: integer('user_id').notNull().default(0),
    whatsappId: integer('whatsapp_id').notNull().default(0),
    ...measures,
    messagesIn: integer('messages_in').notNull().default(0),
    messagesOut: integer('messages_out').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.queueId, table.userId, table.whatsappId] })],
);

/**
 * `report_tag_hours` summed per company day, as `report_days` is for `report_hours`: the tag filter
 * and the tags report read it unless grouped by hour. Kept by a trigger on `report_tag_hours`.
 */
export const reportTagDays = pgTable(
  'report_tag_days',
  {
    companyId: companyReference(() => companies.id),
    day: date('day').notNull(),
    tagId: integer('tag_id').notNull(),
    queueId: integer('queue_id').notNull().default(0),
    userId: integer('user_id').notNull().default(0),
    whatsappId: integer('whatsapp_id').notNull().default(0),
    ...measures,
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.day, table.tagId, table.queueId, table.userId, table.whatsappId] }),
    index('report_tag_days_tag_idx').on(table.companyId, table.tagId, table.day),
  ],
);

/**
 * Companies whose rows wait for a rebuild after their time zone changed (a trigger on `settings`
 * writes the row, so no path that changes the zone can forget it). The job `reports.rebuild`
 * rebuilds and removes the row; until then the reports say the figures are being rebuilt.
 */
export const reportRebuilds = pgTable('report_rebuilds', {
  companyId: companyReference(() => companies.id).primaryKey(),
  /** The last change asked for: a rebuild removes the row only if no change came after its start. */
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});
