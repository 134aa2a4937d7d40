import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, timestamps } from '../../platform/db/columns.ts';
import { companies, whatsapps } from '../../tables.ts';

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 200 }).notNull(),
    /** Digits only for people; the group id for groups. Unique per company. */
    number: varchar('number', { length: 100 }).notNull(),
    email: varchar('email', { length: 200 }).notNull().default(''),
    profilePicUrl: text('profile_pic_url'),
    profilePicCheckedAt: timestamp('profile_pic_checked_at', { withTimezone: true }),
    isGroup: boolean('is_group').notNull().default(false),
    /** Extra fields shown on the contact: [{ name, value }]. */
    extraInfo: jsonb('extra_info').$type<{ name: string; value: string }[]>().notNull().default([]),
    /** The connection the contact last wrote through. */
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    disableBot: boolean('disable_bot').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('contacts_company_number_unique').on(table.companyId, table.number),
    index('contacts_company_name_idx').on(table.companyId, table.name),
    // Dashboard: new contacts in a period.
    index('contacts_company_created_idx').on(table.companyId, table.createdAt),
    // Name search folds case and accents (platform/db/text-search.ts, migration 0012).
    index('contacts_name_fold_trgm_idx').using('gin', sql`search_fold(${table.name}) gin_trgm_ops`),
    index('contacts_number_trgm_idx').using('gin', sql`${table.number} gin_trgm_ops`),
  ],
);
