import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns that most tables share. Each call returns fresh builders: a column builder belongs to
 * the one table it is spread into.
 */

/**
 * The tenant of the row: it names its company and is deleted with it. Given as `() => companies.id`,
 * a reference read only when the schema is built, like every foreign key of the table files.
 */
export const companyReference = (companyId: () => AnyPgColumn) =>
  integer('company_id').notNull().references(companyId, { onDelete: 'cascade' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
