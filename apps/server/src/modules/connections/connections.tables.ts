import type { WeeklyScheduleEntry } from '@wacrm/shared';
import {
  boolean,
  index,
  integer,
  jsonb,
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

/** Connections (WhatsApp numbers). Issue 4 completes the fields; the menu badge reads the status today. */
export const whatsapps = pgTable(
  'whatsapps',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    name: varchar('name', { length: 100 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('OPENING'),
    qrcode: text('qrcode').notNull().default(''),
    retries: integer('retries').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    /** `baileys` (WhatsApp by QR), `cloudapi` (Meta's WhatsApp Cloud API) or `sandbox` (simulated phone). */
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
    /** Why the connection is not connected, in the provider's words (a Cloud API token that expired). */
    statusDetail: text('status_detail'),
    /** WhatsApp Cloud API (docs/cloud-api.md): the number and account at Meta, and their secrets. */
    cloudPhoneNumberId: varchar('cloud_phone_number_id', { length: 50 }),
    cloudWabaId: varchar('cloud_waba_id', { length: 50 }),
    cloudAccessToken: text('cloud_access_token'),
    cloudAppSecret: varchar('cloud_app_secret', { length: 200 }),
    /** Generated: Meta sends it back when the webhook is verified. */
    cloudVerifyToken: varchar('cloud_verify_token', { length: 64 }),
    /** Generated: the last part of the webhook's URL, naming the connection without its id. */
    cloudWebhookKey: varchar('cloud_webhook_key', { length: 64 }).unique(),
    /** Which server process holds the live session, until when (docs/decisions/session-ownership.md). */
    sessionOwner: varchar('session_owner', { length: 100 }),
    sessionLeaseUntil: timestamp('session_lease_until', { withTimezone: true }),
    ...timestamps(),
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
