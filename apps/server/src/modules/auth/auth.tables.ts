import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyReference, createdAt } from '../../platform/db/columns.ts';
import { companies, users } from '../../tables.ts';

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
    companyId: companyReference(() => companies.id),
    tokenVersion: integer('token_version').notNull(),
    rotationId: uuid('rotation_id').notNull(),
    /** Two tabs may refresh at once: the id just replaced stays good for a few seconds. */
    previousRotationId: uuid('previous_rotation_id'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** SHA-256 of the browser's device cookie: the rotation grace is only for that browser. */
    deviceHash: text('device_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);
