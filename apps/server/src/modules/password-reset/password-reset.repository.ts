import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { passwordResetCodes, users } from '../../tables.ts';
import { createAuthRepository } from '../auth/index.ts';
import type { UsersRepository } from '../users/index.ts';

/**
 * Reset codes and the password change they allow. The user is found by email before any
 * company is known (emails are unique across the platform); after that, the user's own
 * company id scopes every write on users. The password is the users module's to write and the
 * refresh sessions the auth module's: both are called inside the code's transaction.
 */
export function createPasswordResetRepository(db: Database, owners: { users: Pick<UsersRepository, 'resetPassword'> }) {
  return {
    async findUserByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id, companyId: users.companyId, email: users.email, language: users.language })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row ?? null;
    },

    /** A new code replaces every older one of the user: only the latest mail works. */
    async replaceCodes(userId: number, code: { codeHash: string; expiresAt: Date }) {
      return db.transaction(async (tx) => {
        await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
        const [row] = await tx
          .insert(passwordResetCodes)
          .values({ userId, ...code })
          .returning({ id: passwordResetCodes.id });
        return row.id;
      });
    },

    async deleteCode(codeId: number) {
      await db.delete(passwordResetCodes).where(eq(passwordResetCodes.id, codeId));
    },

    /**
     * Spends one attempt of the user's live code (unused, not expired, attempts left) and
     * answers it, or null. Counting before comparing means parallel guesses cannot get more
     * attempts than the limit.
     */
    async spendAttempt(userId: number, maxAttempts: number, now = new Date()) {
      const [live] = await db
        .select({ id: passwordResetCodes.id })
        .from(passwordResetCodes)
        .where(
          and(
            eq(passwordResetCodes.userId, userId),
            isNull(passwordResetCodes.usedAt),
            gt(passwordResetCodes.expiresAt, now),
            lt(passwordResetCodes.attempts, maxAttempts),
          ),
        )
        .orderBy(desc(passwordResetCodes.id))
        .limit(1);
      if (!live) return null;
      const [row] = await db
        .update(passwordResetCodes)
        .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
        .where(
          and(
            eq(passwordResetCodes.id, live.id),
            isNull(passwordResetCodes.usedAt),
            lt(passwordResetCodes.attempts, maxAttempts),
          ),
        )
        .returning({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash });
      return row ?? null;
    },

    /**
     * Marks the code used and sets the new password in one transaction. The code is taken with a
     * compare-and-set, so of two requests with the same code only one changes the password.
     * Bumping the token version and deleting the refresh sessions ends every other session.
     */
    async consumeCodeAndSetPassword(codeId: number, user: { companyId: number; id: number }, passwordHash: string) {
      return db.transaction(async (tx) => {
        const taken = await tx
          .update(passwordResetCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetCodes.id, codeId), isNull(passwordResetCodes.usedAt)))
          .returning({ id: passwordResetCodes.id });
        if (taken.length === 0) return null;
        const tokenVersion = await owners.users.resetPassword(tx, user.companyId, user.id, passwordHash);
        if (tokenVersion === null) return null;
        await createAuthRepository(tx).deleteUserSessions(user.id);
        return tokenVersion;
      });
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
