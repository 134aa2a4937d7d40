import { boolean, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { companyReference, timestamps } from '../../platform/db/columns.ts';
import { companies } from '../../tables.ts';

/** Announcements: written by the super user, shown to every user of every company. */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  companyId: companyReference(() => companies.id),
  title: varchar('title', { length: 200 }).notNull(),
  text: text('text').notNull(),
  /** 1 high, 2 medium, 3 low. */
  priority: integer('priority').notNull().default(3),
  status: boolean('status').notNull().default(true),
  mediaPath: text('media_path'),
  mediaName: text('media_name'),
  ...timestamps(),
});
