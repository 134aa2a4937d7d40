import { boolean, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { companyReference, timestamps } from '../../platform/db/columns.ts';
import { companies, users } from '../../tables.ts';

export const quickMessages = pgTable(
  'quick_messages',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    /** The author; personal quick messages are listed only to them. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    shortcode: varchar('shortcode', { length: 100 }).notNull(),
    message: text('message').notNull().default(''),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    /** For the whole company (true) or personal (false). */
    geral: boolean('geral').notNull().default(false),
    status: boolean('status').notNull().default(true),
    ...timestamps(),
  },
  (table) => [index('quick_messages_company_idx').on(table.companyId, table.shortcode)],
);
