import type { WeeklyScheduleEntry } from '@wacrm/shared';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, timestamps } from '../../platform/db/columns.ts';
import { companies } from '../../tables.ts';

export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 100 }).notNull(),
    color: varchar('color', { length: 9 }).notNull(),
    greetingMessage: text('greeting_message'),
    complationMessage: text('complation_message'),
    outOfHoursMessage: text('out_of_hours_message'),
    ratingMessage: text('rating_message'),
    orderQueue: integer('order_queue'),
    integrationId: integer('integration_id'),
    promptId: integer('prompt_id'),
    token: varchar('token', { length: 100 }),
    /** Attendance hours: [{ weekday, weekdayEn, startTime, endTime }]. */
    schedules: jsonb('schedules').$type<WeeklyScheduleEntry[]>().notNull().default([]),
    /** manual, roundRobin or balanced (issue 48; docs/decisions/fair-assignment.md). */
    assignmentMode: varchar('assignment_mode', { length: 20 }).notNull().default('manual'),
    /** What a customer entering this queue's line is told, with {{queuePosition}} and {{estimatedWait}}. */
    waitingMessage: text('waiting_message'),
    /** Position updates: at most one every this many minutes, at most this many per wait. */
    waitingUpdateMinutes: integer('waiting_update_minutes').notNull().default(3),
    waitingUpdateMax: integer('waiting_update_max').notNull().default(3),
    ...timestamps(),
  },
  (table) => [
    index('queues_company_idx').on(table.companyId),
    uniqueIndex('queues_company_name_unique').on(table.companyId, table.name),
    uniqueIndex('queues_company_color_unique').on(table.companyId, table.color),
  ],
);

/** The chatbot's menu of a queue: nested options, each with the message it answers. */
export const queueOptions = pgTable(
  'queue_options',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => queueOptions.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    message: text('message'),
    option: varchar('option', { length: 20 }).notNull(),
    ...timestamps(),
  },
  (table) => [index('queue_options_queue_idx').on(table.queueId, table.parentId)],
);
