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
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, timestamps } from '../../platform/db/columns.ts';
import { companies, contacts, queueOptions, queues, users, whatsapps } from '../../tables.ts';

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    companyId: companyReference(() => companies.id),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    /** pending, open or closed. */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    /** low, normal, high or urgent (`ticketPriorities`): set by attendants, read by service levels. */
    priority: varchar('priority', { length: 10 }).notNull().default('normal'),
    isGroup: boolean('is_group').notNull().default(false),
    chatbot: boolean('chatbot').notNull().default(false),
    /** Where the queue chatbot stands in the options tree. */
    queueOptionId: integer('queue_option_id').references(() => queueOptions.id, { onDelete: 'set null' }),
    amountUsedBotQueues: integer('amount_used_bot_queues').notNull().default(0),
    lastMessage: text('last_message').notNull().default(''),
    unreadMessages: integer('unread_messages').notNull().default(0),
    useIntegration: boolean('use_integration').notNull().default(false),
    integrationId: integer('integration_id'),
    promptId: integer('prompt_id'),
    /** First time an attendant took it (accept, or created open): ends the wait, starts the talk. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The newest message's time and side: the inactivity timer closes tickets whose last word was ours. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessageFromMe: boolean('last_message_from_me').notNull().default(false),
    /** When the bot last sent a menu (timeUseBotQueues) and the out-of-hours notice (once per 30 min). */
    botMenuSentAt: timestamp('bot_menu_sent_at', { withTimezone: true }),
    outOfHoursSentAt: timestamp('out_of_hours_sent_at', { withTimezone: true }),
    /** The connection's greeting went out (a connection without queues greets once per ticket). */
    greetingSentAt: timestamp('greeting_sent_at', { withTimezone: true }),
    /** A closed ticket waits for the customer's 1–3 rating until then. */
    ratingDueAt: timestamp('rating_due_at', { withTimezone: true }),
    /**
     * When the ticket first had a queue in this cycle: the waiting line's order (issue 48). Kept
     * through transfers and returns, cleared on close (ticket-writes.ts, `queuedAtOf`).
     */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /** The customer's waiting-line messages of this wait: when and at which position last told, updates sent. */
    waitingToldAt: timestamp('waiting_told_at', { withTimezone: true }),
    waitingToldPosition: integer('waiting_told_position'),
    waitingUpdatesSent: integer('waiting_updates_sent').notNull().default(0),
    /*
     * Report facts (issue 50, docs/decisions/reports.md), stamped by database triggers so no
     * write path can forget them: the first customer message, the first time the ticket entered a
     * queue (never cleared, unlike queuedAt), the first attendant message after the customer's first
     * one, and reopenings. The business-hours seconds are filled by the reports module's sweep
     * with the shared business-time function; `businessPending` marks tickets it has to visit.
     */
    firstCustomerAt: timestamp('first_customer_at', { withTimezone: true }),
    enteredQueueAt: timestamp('entered_queue_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    reopenCount: integer('reopen_count').notNull().default(0),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    firstResponseBusinessSeconds: integer('first_response_business_seconds'),
    waitBusinessSeconds: integer('wait_business_seconds'),
    resolutionBusinessSeconds: integer('resolution_business_seconds'),
    handlingBusinessSeconds: integer('handling_business_seconds'),
    businessPending: boolean('business_pending').notNull().default(false),
    /** The customer's 1–3 rating and when it came, copied from `ticket_ratings` by its trigger. */
    rating: integer('rating'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    // spec + issue 4: at most one ticket that is not closed per (company, contact, connection).
    uniqueIndex('tickets_one_active_per_contact')
      .on(table.companyId, table.contactId, table.whatsappId)
      .where(sql`${table.status} <> 'closed'`),
    // The ticket lists walk these newest first and stop after a page. Migration 0007 adds
    // INCLUDE (queue_id, user_id[, status]) by hand (Drizzle has no INCLUDE), so the visibility
    // filters and the capped count are answered from the index alone.
    index('tickets_company_status_updated_idx').on(table.companyId, table.status, table.updatedAt, table.id),
    // The search tab (every status): tickets newest first, each probed for a matching message.
    index('tickets_company_updated_idx').on(table.companyId, table.updatedAt, table.id),
    // An attendant's own open or closed tickets (their list and its capped count walk only theirs,
    // however many the company has). Migration 0024 adds INCLUDE (queue_id) by hand.
    index('tickets_company_user_status_updated_idx').on(
      table.companyId,
      table.userId,
      table.status,
      table.updatedAt,
      table.id,
    ),
    index('tickets_contact_idx').on(table.contactId),
    // Dashboard: one day's tickets by hour (longer periods come from the day rollup).
    index('tickets_company_created_idx').on(table.companyId, table.createdAt),
    // Timers: only the few tickets a sweep can act on are indexed.
    index('tickets_idle_open_idx')
      .on(table.lastMessageAt)
      .where(sql`${table.status} = 'open' and ${table.lastMessageFromMe}`),
    // The waiting line of automatic queues: pending tickets nobody holds, oldest first.
    index('tickets_waiting_line_idx')
      .on(table.companyId, table.queueId, table.queuedAt, table.id)
      .where(sql`${table.status} = 'pending' and ${table.userId} is null`),
    // The reports' business-hours sweep visits only these.
    index('tickets_business_pending_idx').on(table.id).where(sql`${table.businessPending}`),
    index('tickets_unqueued_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending' and ${table.queueId} is null`),
  ],
);

/**
 * The last automatic assignment of each attendant in each queue (issue 48): round robin's turns and
 * balanced's tie-break. Written only by the assignment engine (ticket-assignment.ts), under its lock.
 */
export const ticketAssignmentTurns = pgTable(
  'ticket_assignment_turns',
  {
    companyId: companyReference(() => companies.id),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.queueId, table.userId] }),
    index('ticket_assignment_turns_company_idx').on(table.companyId, table.userId),
  ],
);
