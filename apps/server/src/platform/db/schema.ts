import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The database schema. Every tenant table carries `company_id` and deletes with its company.
 * Migrations are generated from this file by drizzle-kit (`npm run db:generate`) and committed.
 */

export interface WeeklyScheduleEntry {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  users: integer('users').notNull().default(0),
  connections: integer('connections').notNull().default(0),
  queues: integer('queues').notNull().default(0),
  value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  useCampaigns: boolean('use_campaigns').notNull().default(true),
  useKanban: boolean('use_kanban').notNull().default(true),
  useOpenAi: boolean('use_open_ai').notNull().default(true),
  useIntegrations: boolean('use_integrations').notNull().default(true),
  useSchedules: boolean('use_schedules').notNull().default(true),
  useInternalChat: boolean('use_internal_chat').notNull().default(true),
  useExternalApi: boolean('use_external_api').notNull().default(true),
  ...timestamps,
});

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  email: varchar('email', { length: 200 }),
  phone: varchar('phone', { length: 30 }),
  planId: integer('plan_id').references(() => plans.id),
  status: boolean('status').notNull().default(true),
  dueDate: date('due_date', { mode: 'string' }),
  recurrence: varchar('recurrence', { length: 20 }).notNull().default('MENSAL'),
  /** Weekly opening hours: [{ weekday, weekdayEn, startTime, endTime }]. */
  schedules: jsonb('schedules').$type<WeeklyScheduleEntry[]>().notNull().default([]),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_company_idx').on(table.companyId),
  ],
);

export const settings = pgTable(
  'settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 60 }).notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.companyId, table.key] })],
);

export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    color: varchar('color', { length: 9 }).notNull(),
    greetingMessage: text('greeting_message'),
    complationMessage: text('complation_message'),
    outOfHoursMessage: text('out_of_hours_message'),
    ratingMessage: text('rating_message'),
    orderQueue: integer('order_queue'),
    integrationId: integer('integration_id'),
    promptId: integer('prompt_id'),
    token: varchar('token', { length: 100 }),
    /** Attendance hours: [{ weekday, weekdayEn, startTime, endTime }]. */
    schedules: jsonb('schedules').$type<WeeklyScheduleEntry[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    index('queues_company_idx').on(table.companyId),
    uniqueIndex('queues_company_name_unique').on(table.companyId, table.name),
    uniqueIndex('queues_company_color_unique').on(table.companyId, table.color),
  ],
);

/** The chatbot's menu of a queue: nested options, each with the message it answers. */
export const queueOptions = pgTable(
  'queue_options',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => queueOptions.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    message: text('message'),
    option: varchar('option', { length: 20 }).notNull(),
    ...timestamps,
  },
  (table) => [index('queue_options_queue_idx').on(table.queueId, table.parentId)],
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

/** Connections (WhatsApp numbers). Issue 4 completes the fields; the menu badge reads the status today. */
export const whatsapps = pgTable(
  'whatsapps',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('OPENING'),
    qrcode: text('qrcode').notNull().default(''),
    retries: integer('retries').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    /** `baileys` (real WhatsApp) or `sandbox` (simulated phone). */
    provider: varchar('provider', { length: 20 }).notNull().default('baileys'),
    /** The paired phone's number, once known. */
    number: varchar('number', { length: 50 }),
    /** Authenticates the external messages API for this connection. */
    token: varchar('token', { length: 100 }).unique(),
    greetingMessage: text('greeting_message'),
    complationMessage: text('complation_message'),
    outOfHoursMessage: text('out_of_hours_message'),
    ratingMessage: text('rating_message'),
    expiresInactiveMessage: text('expires_inactive_message'),
    expiresTicket: integer('expires_ticket').notNull().default(0),
    timeUseBotQueues: integer('time_use_bot_queues').notNull().default(0),
    maxUseBotQueues: integer('max_use_bot_queues').notNull().default(3),
    timeToTransfer: integer('time_to_transfer'),
    transferQueueId: integer('transfer_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    promptId: integer('prompt_id'),
    integrationId: integer('integration_id'),
    /** Business hours of the connection: [{ weekday, weekdayEn, startTime, endTime }]. */
    schedules: jsonb('schedules').$type<WeeklyScheduleEntry[]>().notNull().default([]),
    /** Which server process holds the live session, until when (docs/decisions/session-ownership.md). */
    sessionOwner: varchar('session_owner', { length: 100 }),
    sessionLeaseUntil: timestamp('session_lease_until', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('whatsapps_company_idx').on(table.companyId),
    uniqueIndex('whatsapps_company_name_unique').on(table.companyId, table.name),
  ],
);

export const whatsappQueues = pgTable(
  'whatsapp_queues',
  {
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.whatsappId, table.queueId] })],
);

/**
 * Baileys multi-device auth state, one row per key (creds, pre-keys, sessions, sender keys,
 * app-state keys), so a restart or another node resumes without a new QR scan.
 */
export const baileysKeys = pgTable(
  'baileys_keys',
  {
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    category: varchar('category', { length: 40 }).notNull(),
    keyId: varchar('key_id', { length: 200 }).notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.whatsappId, table.category, table.keyId] })],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    /** Digits only for people; the group id for groups. Unique per company. */
    number: varchar('number', { length: 100 }).notNull(),
    email: varchar('email', { length: 200 }).notNull().default(''),
    profilePicUrl: text('profile_pic_url'),
    profilePicCheckedAt: timestamp('profile_pic_checked_at', { withTimezone: true }),
    isGroup: boolean('is_group').notNull().default(false),
    /** Extra fields shown on the contact: [{ name, value }]. */
    extraInfo: jsonb('extra_info').$type<{ name: string; value: string }[]>().notNull().default([]),
    /** The connection the contact last wrote through. */
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    disableBot: boolean('disable_bot').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('contacts_company_number_unique').on(table.companyId, table.number),
    index('contacts_company_name_idx').on(table.companyId, table.name),
    // Dashboard: new contacts in a period.
    index('contacts_company_created_idx').on(table.companyId, table.createdAt),
    // Name search folds case and accents (platform/db/text-search.ts, migration 0012).
    index('contacts_name_fold_trgm_idx').using('gin', sql`search_fold(${table.name}) gin_trgm_ops`),
    index('contacts_number_trgm_idx').using('gin', sql`${table.number} gin_trgm_ops`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    /** pending, open or closed. */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
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
    ...timestamps,
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
    index('tickets_unqueued_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending' and ${table.queueId} is null`),
  ],
);

/** A customer's 1–3 answer to the rating question, for the ticket's attendant (one per ticket). */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .unique()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rate: integer('rate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_ratings_company_created_idx').on(table.companyId, table.createdAt)],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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
    /** Who sent it from the app, for the signature and the dashboard. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written by the product itself (bot menus, greetings, notices): shown as such, never re-triggers automation. */
    isSystem: boolean('is_system').notNull().default(false),
    /** An outbound send in progress until then (claimed in the database, so two processes never both send it). */
    sendingUntil: timestamp('sending_until', { withTimezone: true }),
    ...timestamps,
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
 * One row per logged-in browser. The refresh cookie names the session and its current
 * rotation id; presenting an older rotation id means the cookie was copied, so the
 * session is ended.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull(),
    rotationId: uuid('rotation_id').notNull(),
    /** Two tabs may refresh at once: the id just replaced stays good for a few seconds. */
    previousRotationId: uuid('previous_rotation_id'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** SHA-256 of the browser's device cookie: the rotation grace is only for that browser. */
    deviceHash: text('device_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/** Help videos: platform-wide, managed by the super user. */
export const helps = pgTable('helps', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  description: text('description').notNull().default(''),
  video: varchar('video', { length: 200 }).notNull().default(''),
  link: text('link'),
  ...timestamps,
});

/** Announcements: written by the super user, shown to every user of every company. */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 200 }).notNull(),
  text: text('text').notNull(),
  /** 1 high, 2 medium, 3 low. */
  priority: integer('priority').notNull().default(3),
  status: boolean('status').notNull().default(true),
  mediaPath: text('media_path'),
  mediaName: text('media_name'),
  ...timestamps,
});

/** Password reset codes: stored hashed, valid for 30 minutes, usable once. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_codes_user_idx').on(table.userId)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    color: varchar('color', { length: 9 }).notNull().default('#5C6BC0'),
    /** 1 when the tag is a lane of the kanban board. */
    kanban: integer('kanban').notNull().default(0),
    /** The lane's place on the board, set by an admin or supervisor (lanes sort by it, then name). */
    kanbanOrder: integer('kanban_order').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('tags_company_name_unique').on(table.companyId, sql`lower(${table.name})`)],
);

export const ticketTags = pgTable(
  'ticket_tags',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ticketId, table.tagId] }), index('ticket_tags_tag_idx').on(table.tagId)],
);

export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    ...timestamps,
  },
  (table) => [index('ticket_notes_contact_idx').on(table.companyId, table.contactId)],
);

export const quickMessages = pgTable(
  'quick_messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The author; personal quick messages are listed only to them. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    shortcode: varchar('shortcode', { length: 100 }).notNull(),
    message: text('message').notNull().default(''),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    /** For the whole company (true) or personal (false). */
    geral: boolean('geral').notNull().default(false),
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (table) => [index('quick_messages_company_idx').on(table.companyId, table.shortcode)],
);
