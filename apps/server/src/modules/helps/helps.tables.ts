import { pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../platform/db/columns.ts';

/** Help videos: platform-wide, managed by the super user. */
export const helps = pgTable('helps', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  description: text('description').notNull().default(''),
  video: varchar('video', { length: 200 }).notNull().default(''),
  link: text('link'),
  ...timestamps(),
});
