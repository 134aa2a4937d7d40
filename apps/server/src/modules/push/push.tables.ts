import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { companyReference, createdAt, timestamps } from '../../platform/db/columns.ts';
import { authSessions, companies, users } from '../../tables.ts';

/**
 * A browser (a device) that receives a user's push notifications: the push service's endpoint and
 * the keys the payload is encrypted with (RFC 8291). An endpoint is one browser profile, so it is
 * unique: the same browser subscribing for another user moves to that user. It belongs to the
 * sign-in it was made in: when that session ends (sign-out, ended from the sessions list, a password
 * change) the device stops receiving pushes with it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    deviceName: varchar('device_name', { length: 100 }).notNull(),
    /** Null for devices subscribed before sessions were kept with them: those stay until turned off. */
    sessionId: uuid('session_id').references(() => authSessions.id, { onDelete: 'cascade' }),
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_company_user_idx').on(table.companyId, table.userId),
    index('push_subscriptions_session_idx').on(table.sessionId),
  ],
);

/**
 * The server's VAPID key pair (RFC 8292), made once by the first process that needs it and shared
 * by every process through the database; `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY` replace it. One row.
 */
export const pushServerKeys = pgTable('push_server_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});
