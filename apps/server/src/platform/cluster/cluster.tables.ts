import { bigserial, customType, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Commands addressed to the process that owns a WhatsApp session (docs/decisions/session-ownership.md):
 * the caller writes the row and NOTIFYs the owner, the owner runs it, writes `reply` and NOTIFYs
 * the caller back. The row carries the arguments, so a size limit of NOTIFY never applies.
 */
export const nodeCommands = pgTable(
  'node_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    target: varchar('target', { length: 100 }).notNull(),
    caller: varchar('caller', { length: 100 }).notNull(),
    command: varchar('command', { length: 100 }).notNull(),
    args: jsonb('args').notNull(),
    /** `{ ok: true, result }` or `{ ok: false, code }`, once the target has run it. */
    reply: jsonb('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('node_commands_created_idx').on(table.createdAt)],
);

/** Fixed-window counters shared by every process (login, signup and reset limits). */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The Socket.IO Postgres adapter's table for payloads too large for NOTIFY (its documented shape). */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
