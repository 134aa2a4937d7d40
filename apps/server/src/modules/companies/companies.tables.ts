import type { WeeklyScheduleEntry } from '@wacrm/shared';
import { boolean, date, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../platform/db/columns.ts';
import { plans } from '../../tables.ts';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  email: varchar('email', { length: 200 }),
  phone: varchar('phone', { length: 30 }),
  planId: integer('plan_id').references(() => plans.id),
  status: boolean('status').notNull().default(true),
  dueDate: date('due_date', { mode: 'string' }),
  recurrence: varchar('recurrence', { length: 20 }).notNull().default('MENSAL'),
  /** Weekly opening hours: [{ weekday, weekdayEn, startTime, endTime }]. */
  schedules: jsonb('schedules').$type<WeeklyScheduleEntry[]>().notNull().default([]),
  ...timestamps(),
});
