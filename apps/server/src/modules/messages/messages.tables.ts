import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, createdAt, timestamps } from '../../platform/db/columns.ts';
import { companies, contacts, tickets, users, whatsapps } from '../../tables.ts';

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyReference(() => companies.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    /** The provider's message id; null until an outbound message has been sent. */
    externalId: varchar('external_id', { length: 200 }),
    body: text('body').notNull().default(''),
    fromMe: boolean('from_me').notNull().default(false),
    read: boolean('read').notNull().default(false),
    /** 0 pending (clock), 1 sent, 2 delivered, 3 read, 4 and 5 played. */
    ack: integer('ack').notNull().default(0),
    /** Set when an outbound message could not be sent after its retries. */
    failed: boolean('failed').notNull().default(false),
    sendError: text('send_error'),
    /** When an outbound message was handed to the provider (its id stored); null while it waits. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    mediaType: varchar('media_type', { length: 30 }),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    quotedMsgId: bigint('quoted_msg_id', { mode: 'number' }).references((): AnyPgColumn => messages.id, {
      onDelete: 'set null',
    }),
    /** In groups: who wrote it. */
    participant: varchar('participant', { length: 100 }),
    participantName: varchar('participant_name', { length: 200 }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    /**
     * Earlier texts of an edited message, oldest first (`[{body, editedAt}]`): a column rather
     * than a table because it is always read with the message, appended in the same statement
     * that changes the body, and short (WhatsApp allows edits only within 15 minutes).
     */
    editHistory: jsonb('edit_history').$type<{ body: string; editedAt: string }[]>().notNull().default([]),
    /** Who sent it from the app, for the signature and the dashboard. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written by the product itself (bot menus, greetings, notices): shown as such, never re-triggers automation. */
    isSystem: boolean('is_system').notNull().default(false),
    /**
     * What a provider that understands it sends instead of the plain body: a Cloud API template
     * or an option menu as buttons (`StructuredContent`); the body keeps the text the thread shows.
     */
    structuredContent: jsonb('structured_content'),
    /** An outbound send in progress until then (claimed in the database, so two processes never both send it). */
    sendingUntil: timestamp('sending_until', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    // Inbound messages are stored once per (connection, provider id), however often delivered.
    uniqueIndex('messages_whatsapp_external_unique').on(table.whatsappId, table.externalId),
    index('messages_ticket_id_idx').on(table.ticketId, table.id),
    index('messages_company_idx').on(table.companyId),
    // Outbound messages still waiting to be sent (a connection's flush, the expiry of the queue).
    index('messages_unsent_idx')
      .on(table.whatsappId, table.id)
      .where(sql`from_me and external_id is null and not failed and not is_deleted`),
    // Ticket search by message text, case and accents folded (platform/db/text-search.ts).
    index('messages_body_fold_trgm_idx').using('gin', sql`search_fold(${table.body}) gin_trgm_ops`),
  ],
);

/**
 * Emoji reactions to messages: one row per reactor and message (WhatsApp keeps one reaction per
 * account), replaced when it changes and deleted when it is removed. `reactorKey` names the
 * reactor: `me` for the company's own number (attendants and the phone share it, so one row;
 * `userId` says which attendant set it), `contact:<id>` for a customer, `participant:<jid>` for
 * a group member without a contact.
 */
export const messageReactions = pgTable(
  'message_reactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyReference(() => companies.id),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reactorKey: varchar('reactor_key', { length: 150 }).notNull(),
    emoji: varchar('emoji', { length: 32 }).notNull(),
    fromMe: boolean('from_me').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('message_reactions_message_reactor_unique').on(table.messageId, table.reactorKey),
    index('message_reactions_company_idx').on(table.companyId),
  ],
);

/**
 * A customer's 1–3 answer to the rating question, for the ticket's attendant (one per ticket).
 * Routing automation asks the question; intake, which reads the answer, records it.
 */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    ticketId: integer('ticket_id')
      .notNull()
      .unique()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rate: integer('rate').notNull(),
    /** What the customer wrote right after rating (docs/decisions/reports.md, "Satisfaction comments"). */
    comment: text('comment'),
    /** The next message of the customer until then is the comment; cleared by any message. */
    commentDueAt: timestamp('comment_due_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('ticket_ratings_company_created_idx').on(table.companyId, table.createdAt)],
);
