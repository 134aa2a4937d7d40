import type { ScheduleRecurrence } from '@wacrm/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, createdAt, updatedAt } from '../../platform/db/columns.ts';
import { companies, contacts, messages, tickets, users, whatsapps } from '../../tables.ts';

/**
 * A scheduled message (spec: Schedule entity). One row is one send: a repeating schedule makes
 * the row of its next occurrence when one is sent (docs/decisions/schedules.md), so each
 * occurrence keeps its own `sentAt`, ticket and message.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    body: text('body').notNull(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The connection chosen or resolved when saved; null only when it was deleted since. */
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /**
     * The claim time: set in the transaction that claims the schedule and stores its message, never
     * twice. The API's `sentAt` is the message's hand-over to WhatsApp (schedule-state.ts).
     */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** pending, sent (claimed: its message stored) or error before any message; shown as schedule-state.ts says. */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    errorCode: varchar('error_code', { length: 60 }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    /** A Cloud API template sent instead of the text (null: none); its values may hold message variables. */
    templateName: varchar('template_name', { length: 512 }),
    templateLanguage: varchar('template_language', { length: 15 }),
    templateVariables: jsonb('template_variables').$type<string[]>(),
    recurrence: jsonb('recurrence').$type<ScheduleRecurrence>(),
    seriesId: integer('series_id').references((): AnyPgColumn => schedules.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('schedules_company_send_at_idx').on(table.companyId, table.sendAt),
    index('schedules_contact_idx').on(table.contactId),
    // The hand-over of a message finds the schedule that sent it (its live update).
    index('schedules_message_idx').on(table.messageId),
    // The start-up and minute sweeps look only at what is still waiting.
    index('schedules_pending_send_at_idx').on(table.sendAt).where(sql`${table.status} = 'pending'`),
  ],
);
