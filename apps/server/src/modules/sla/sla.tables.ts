import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, createdAt, timestamps } from '../../platform/db/columns.ts';
import { companies, queues, tickets, users, whatsapps } from '../../tables.ts';

/** A company's service-level targets (docs/decisions/service-levels.md). */
export const slaPolicies = pgTable(
  'sla_policies',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 100 }).notNull(),
    firstResponseSeconds: integer('first_response_seconds'),
    resolutionSeconds: integer('resolution_seconds'),
    businessHours: boolean('business_hours').notNull().default(false),
    /** The ticket priorities it covers; empty = any (docs/decisions/service-levels.md, "Priorities"). */
    priorities: varchar('priorities', { length: 10 }).array().notNull().default(sql`'{}'::varchar[]`),
    ...timestamps(),
  },
  (table) => [index('sla_policies_company_idx').on(table.companyId)],
);

/**
 * What a policy claims: one row per (queue or none, priority or none) it covers. A policy naming
 * queues and priorities claims every pair; queues only, each queue with no priority; priorities
 * only, each priority with no queue; neither, the company's default (both none). Two policies never
 * claim the same row, so a ticket's policy is never in doubt, and the unique constraint (nulls
 * equal) holds it even for two admins saving at the same instant.
 */
export const slaPolicyClaims = pgTable(
  'sla_policy_claims',
  {
    companyId: companyReference(() => companies.id),
    policyId: integer('policy_id')
      .notNull()
      .references(() => slaPolicies.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'cascade' }),
    priority: varchar('priority', { length: 10 }),
  },
  (table) => [
    unique('sla_policy_claims_one_policy').on(table.companyId, table.queueId, table.priority).nullsNotDistinct(),
    index('sla_policy_claims_policy_idx').on(table.policyId),
  ],
);

/**
 * One service-level cycle of a ticket: from reaching attendants to closing. A reopened ticket
 * starts a new cycle; the ended ones stay for the reports' met and breached counts.
 */
export const slaCycles = pgTable(
  'sla_cycles',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id').references(() => slaPolicies.id, { onDelete: 'set null' }),
    /** The ticket's queue, attendant and connection as last seen (the reports' filters). */
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    /** The ticket's priority as last seen: a change re-picks the policy like a transfer. */
    priority: varchar('priority', { length: 10 }).notNull().default('normal'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }),
    resolutionDueAt: timestamp('resolution_due_at', { withTimezone: true }),
    firstRespondedAt: timestamp('first_responded_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Set by the one breach check that told the supervisors: a breach is told once. */
    firstResponseNotifiedAt: timestamp('first_response_notified_at', { withTimezone: true }),
    resolutionNotifiedAt: timestamp('resolution_notified_at', { withTimezone: true }),
  },
  (table) => [
    // The ticket record's join and every event's lookup: the one open cycle of a ticket.
    uniqueIndex('sla_cycles_open_ticket').on(table.ticketId).where(sql`${table.closedAt} is null`),
    index('sla_cycles_company_started_idx').on(table.companyId, table.startedAt),
    // The breach sweep reads only the few open cycles whose breach is not yet told.
    index('sla_cycles_first_response_due_idx')
      .on(table.firstResponseDueAt)
      .where(
        sql`${table.closedAt} is null and ${table.firstRespondedAt} is null and ${table.firstResponseNotifiedAt} is null`,
      ),
    index('sla_cycles_resolution_due_idx')
      .on(table.resolutionDueAt)
      .where(sql`${table.closedAt} is null and ${table.resolutionNotifiedAt} is null`),
  ],
);

/** Admins who asked for the weekly summary mail. */
export const slaSummarySubscriptions = pgTable('sla_summary_subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: companyReference(() => companies.id),
  createdAt: createdAt(),
});

/** One row per company and week summarised: the send is done once, whatever retries or processes. */
export const slaSummarySends = pgTable(
  'sla_summary_sends',
  {
    companyId: companyReference(() => companies.id),
    weekStart: date('week_start').notNull(),
    sentAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.weekStart] })],
);
