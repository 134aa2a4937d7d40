import { pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { companyReference, timestamps } from '../../platform/db/columns.ts';
import { companies } from '../../tables.ts';

export const settings = pgTable(
  'settings',
  {
    companyId: companyReference(() => companies.id),
    key: varchar('key', { length: 60 }).notNull(),
    value: text('value').notNull(),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.key] })],
);
