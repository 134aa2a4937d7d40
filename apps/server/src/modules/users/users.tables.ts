import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, timestamps } from '../../platform/db/columns.ts';
import { companies, queues } from '../../tables.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: varchar('profile', { length: 10 }).notNull().default('user'),
    isSuper: boolean('super').notNull().default(false),
    allTicket: varchar('all_ticket', { length: 10 }).notNull().default('desabled'),
    whatsappId: integer('whatsapp_id'),
    language: varchar('language', { length: 5 }),
    /** Bumped by every login: older sessions can no longer refresh and get the "opened elsewhere" notice. */
    tokenVersion: integer('token_version').notNull().default(0),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Open tickets automatic assignment may give this user; null follows the company's setting (issue 48). */
    ticketCapacity: integer('ticket_capacity'),
    /** The user paused receiving automatic assignments, why and since when. */
    assignmentPaused: boolean('assignment_paused').notNull().default(false),
    pauseReason: varchar('pause_reason', { length: 200 }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_company_idx').on(table.companyId),
  ],
);

export const userQueues = pgTable(
  'user_queues',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.queueId] })],
);
