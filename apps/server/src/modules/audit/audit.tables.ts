import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companyReference } from '../../platform/db/columns.ts';
import { companies } from '../../tables.ts';

/**
 * Who changed what in a company's configuration and people (issue 53). Written in the transaction
 * of the change; no route updates or deletes a row (a trigger refuses updates), only the retention
 * job deletes old ones. The user is named as well as numbered: an entry outlives its author.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyReference(() => companies.id),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 100 }),
    action: varchar('action', { length: 60 }).notNull(),
    entityType: varchar('entity_type', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_company_created_idx').on(table.companyId, table.createdAt),
    index('audit_log_created_idx').on(table.createdAt),
  ],
);
