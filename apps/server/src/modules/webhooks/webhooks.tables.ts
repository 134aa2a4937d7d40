import type { WebhookEventType } from '@wacrm/shared';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, createdAt, updatedAt } from '../../platform/db/columns.ts';
import { companies } from '../../tables.ts';

/** A company's outbound webhook endpoint (docs/decisions/public-api-and-webhooks.md). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    active: boolean('active').notNull().default(true),
    /** Signs every delivery; answered once, when the endpoint is created. */
    secret: varchar('secret', { length: 100 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('webhook_endpoints_company_idx').on(table.companyId)],
);

/**
 * One event for one endpoint: its exact body (every attempt sends the same bytes and event id)
 * and the outcome of the last attempt. `dedupeKey` keeps an event from being queued twice for an
 * endpoint (a message's ack announced by two paths).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyReference(() => companies.id),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: varchar('event_type', { length: 40 }).$type<WebhookEventType>().notNull(),
    dedupeKey: varchar('dedupe_key', { length: 120 }),
    body: text('body').notNull(),
    status: varchar('status', { length: 20 }).$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: varchar('error', { length: 300 }),
    durationMs: integer('duration_ms'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_deliveries_company_endpoint_idx').on(table.companyId, table.endpointId, table.id),
    uniqueIndex('webhook_deliveries_dedupe_unique').on(table.endpointId, table.dedupeKey),
    // The sweep reads only pending rows; finished ones are most of the 30-day log.
    index('webhook_deliveries_pending_idx').on(table.id).where(sql`status = 'pending'`),
  ],
);

/**
 * The last ticket state announced to webhooks, so `ticket.created` and `ticket.updated` (status,
 * queue or assignee changed) are told apart whichever code path emitted the ticket.
 */
export const webhookTicketStates = pgTable(
  'webhook_ticket_states',
  {
    ticketId: integer('ticket_id').primaryKey(),
    companyId: companyReference(() => companies.id),
    status: varchar('status', { length: 20 }).notNull(),
    queueId: integer('queue_id'),
    userId: integer('user_id'),
  },
  (table) => [index('webhook_ticket_states_company_idx').on(table.companyId)],
);
