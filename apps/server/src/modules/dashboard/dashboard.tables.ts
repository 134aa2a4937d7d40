import { date, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { companyReference } from '../../platform/db/columns.ts';
import { companies } from '../../tables.ts';

/**
 * The dashboard's rollup: per company, company-calendar day and attendant (0 = nobody), what
 * happened to tickets that day. Kept by triggers on `tickets` in the same transaction as the
 * ticket's change (a change takes the old row's contribution back and adds the new row's), and
 * rebuilt for a company when its time zone changes (migrations 0019 and 0022; ratings and new
 * contacts are kept the same way by triggers on `ticket_ratings` and `contacts`). The dashboard sums days
 * instead of reading every ticket of the period (docs/decisions/dashboard.md).
 */
export const dashboardDays = pgTable(
  'dashboard_days',
  {
    companyId: companyReference(() => companies.id),
    /** The company's calendar day of the event (its time zone setting). */
    day: date('day').notNull(),
    /** The ticket's current attendant; 0 when it has none. */
    userId: integer('user_id').notNull().default(0),
    /** Tickets created that day. */
    created: integer('created').notNull().default(0),
    /** Tickets closed that day, and of those the ones that had been accepted with their talk time. */
    finished: integer('finished').notNull().default(0),
    talkCount: integer('talk_count').notNull().default(0),
    talkSeconds: numeric('talk_seconds').notNull().default('0'),
    /** Tickets accepted that day and their wait (created → accepted). */
    accepted: integer('accepted').notNull().default(0),
    waitSeconds: numeric('wait_seconds').notNull().default('0'),
    /** Ratings given that day to the attendant (migration 0022). */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Contacts created that day (always on the row of attendant 0). */
    newContacts: integer('new_contacts').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.userId] })],
);
