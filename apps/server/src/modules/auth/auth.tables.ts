import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
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
    /** What the session list shows: the browser's User-Agent and address at sign-in, then at each refresh. */
    userAgent: varchar('user_agent', { length: 300 }),
    ip: varchar('ip', { length: 64 }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/**
 * A user's second sign-in step (issue 53): the TOTP secret once confirmed, the one waiting for its
 * first code, the last time step accepted (a code is good once) and the hashes of the unused
 * recovery codes.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: companyReference(() => companies.id),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default(sql`'{}'::text[]`),
});

/** The super user's platform-wide rule for the second step: one row, id 1. */
export const twoFactorPolicy = pgTable('two_factor_policy', {
  id: integer('id').primaryKey().default(1),
  require2fa: varchar('require_2fa', { length: 10 }).notNull().default('disabled'),
});
