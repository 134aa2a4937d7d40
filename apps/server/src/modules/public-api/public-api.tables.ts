import { bigint, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companyReference, createdAt } from '../../platform/db/columns.ts';
import { companies, whatsapps } from '../../tables.ts';

/**
 * `Idempotency-Key`s of the external messages API: the first request with a key stores its
 * answer in the same transaction as its messages, so a retry answers it instead of sending again.
 * Keys are per connection token and forgotten after a day.
 */
export const externalApiRequests = pgTable(
  'external_api_requests',
  {
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 200 }).notNull(),
    companyId: companyReference(() => companies.id),
    /** sha256 of the request (number, body, files) to refuse a key reused for another request. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.whatsappId, table.key] })],
);

/**
 * The per-token rate limit's counters, in the database so every server process counts together:
 * one row per connection and fixed window.
 */
export const externalApiRateWindows = pgTable(
  'external_api_rate_windows',
  {
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.whatsappId, table.windowStart] })],
);
