import type { CampaignVariable } from '@wacrm/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, createdAt, timestamps, updatedAt } from '../../platform/db/columns.ts';
import { companies, contacts, messages, tags, tickets, whatsapps } from '../../tables.ts';

/** spec: ContactList (id, name, contactsCount). */
export const contactLists = pgTable(
  'contact_lists',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 50 }).notNull(),
    ...timestamps(),
  },
  (table) => [index('contact_lists_company_name_idx').on(table.companyId, table.name)],
);

/** spec: ContactListItem. A number appears once per list. */
export const contactListItems = pgTable(
  'contact_list_items',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    contactListId: integer('contact_list_id')
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    number: varchar('number', { length: 50 }).notNull(),
    email: varchar('email', { length: 200 }).notNull().default(''),
    /** null until the connection's check answered. */
    isWhatsappValid: boolean('is_whatsapp_valid'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('contact_list_items_list_number_unique').on(table.companyId, table.contactListId, table.number),
    index('contact_list_items_list_name_idx').on(table.companyId, table.contactListId, table.name),
  ],
);

/** spec: File list (name, message, options each with a name and an uploaded file). */
export const fileLists = pgTable(
  'file_lists',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 100 }).notNull(),
    message: text('message').notNull(),
    ...timestamps(),
  },
  (table) => [index('file_lists_company_name_idx').on(table.companyId, table.name)],
);

export const fileListOptions = pgTable(
  'file_list_options',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    fileListId: integer('file_list_id')
      .notNull()
      .references(() => fileLists.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** Under the company's folder; null until a file is uploaded. */
    path: text('path'),
    /** Detected from the file's content, not its name. */
    mimetype: varchar('mimetype', { length: 100 }),
    createdAt: createdAt(),
  },
  (table) => [index('file_list_options_list_idx').on(table.companyId, table.fileListId)],
);

/** spec: campaign settings are key/value pairs with JSON values, one set per company. */
export const campaignSettings = pgTable(
  'campaign_settings',
  {
    companyId: companyReference(() => companies.id),
    key: varchar('key', { length: 40 }).notNull(),
    value: jsonb('value').$type<number | string[] | CampaignVariable[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.key] })],
);

/** spec: Campaign. The dispatch's state lives here too (docs/decisions/campaigns.md). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 50 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('INATIVA'),
    message1: text('message1'),
    message2: text('message2'),
    message3: text('message3'),
    message4: text('message4'),
    message5: text('message5'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    contactListId: integer('contact_list_id').references(() => contactLists.id, { onDelete: 'set null' }),
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'set null' }),
    fileListId: integer('file_list_id').references(() => fileLists.id, { onDelete: 'set null' }),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    /** A Cloud API template sent instead of the text (null: none); its values may hold message variables. */
    templateName: varchar('template_name', { length: 512 }),
    templateLanguage: varchar('template_language', { length: 15 }),
    templateVariables: jsonb('template_variables').$type<string[]>(),
    /** The running chain's token: a job of an older chain (before a restart or a recovery) stops. */
    chainToken: uuid('chain_token'),
    /** The earliest time the next message may go (the pacing, kept across restarts). */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    /** Messages sent so far: the long pause comes after every `longerIntervalAfter` of them. */
    sentCount: integer('sent_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('campaigns_company_idx').on(table.companyId, table.id),
    // The sweep looks only at campaigns that may have work.
    index('campaigns_active_idx').on(table.status).where(sql`${table.status} in ('PROGRAMADA', 'EM_ANDAMENTO')`),
  ],
);

/**
 * One row per (campaign, number): made when the campaign starts, claimed (pending → sent) in the
 * transaction that stores its message, so a contact is messaged once and none is skipped.
 */
export const campaignShippings = pgTable(
  'campaign_shippings',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 200 }).notNull().default(''),
    /** false when the list's check said the number is not on WhatsApp. */
    whatsappValid: boolean('whatsapp_valid'),
    /**
     * pending, sent (claimed: its message stored, not yet necessarily handed to WhatsApp; the
     * report reads the message for that), invalid or optout.
     */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    variant: smallint('variant'),
    body: text('body'),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('campaign_shippings_campaign_number_unique').on(table.companyId, table.campaignId, table.number),
    index('campaign_shippings_pending_idx').on(table.campaignId, table.id).where(sql`${table.status} = 'pending'`),
    // The hand-over of a message finds the campaign that sent it (the report's live update).
    index('campaign_shippings_message_idx').on(table.messageId),
  ],
);
