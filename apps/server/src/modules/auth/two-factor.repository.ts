import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { twoFactorPolicy, userTwoFactor } from '../../tables.ts';

/** The second sign-in step's rows (issue 53). */
export function createTwoFactorRepository(db: Database) {
  return {
    async find(userId: number) {
      const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
      return row ?? null;
    },

    /** A new secret waits for its first code; an enabled secret stays as it is. */
    async savePending(companyId: number, userId: number, pendingSecret: string) {
      await db
        .insert(userTwoFactor)
        .values({ userId, companyId, pendingSecret })
        .onConflictDoUpdate({ target: userTwoFactor.userId, set: { pendingSecret } });
    },

    /** Compare-and-set on the pending secret, so two confirmations cannot both hand out codes. */
    async enable(userId: number, pendingSecret: string, step: number, recoveryCodeHashes: string[]) {
      const rows = await db
        .update(userTwoFactor)
        .set({
          secret: pendingSecret,
          pendingSecret: null,
          enabledAt: new Date(),
          lastUsedStep: step,
          recoveryCodeHashes,
        })
        .where(
          and(
            eq(userTwoFactor.userId, userId),
            eq(userTwoFactor.pendingSecret, pendingSecret),
            isNull(userTwoFactor.secret),
          ),
        )
        .returning({ userId: userTwoFactor.userId });
      return rows.length === 1;
    },

    /**
     * Takes the time step of a code that matched: false when it (or a later one) was already
     * used, so a code overheard or sent twice is refused within its window (RFC 6238, 5.2).
     */
    async claimStep(userId: number, step: number) {
      const rows = await db
        .update(userTwoFactor)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(userTwoFactor.userId, userId),
            or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
          ),
        )
        .returning({ userId: userTwoFactor.userId });
      return rows.length === 1;
    },

    /** Replaces a secret kept in clear by its sealed form, unless it changed meanwhile. */
    async sealSecret(userId: number, plain: string, sealed: string) {
      await db
        .update(userTwoFactor)
        .set({ secret: sealed })
        .where(and(eq(userTwoFactor.userId, userId), eq(userTwoFactor.secret, plain)));
    },

    /** Removes a recovery code's hash; false when another request used it first. */
    async useRecoveryCode(userId: number, codeHash: string) {
      const rows = await db
        .update(userTwoFactor)
        .set({ recoveryCodeHashes: sql`array_remove(${userTwoFactor.recoveryCodeHashes}, ${codeHash})` })
        .where(and(eq(userTwoFactor.userId, userId), sql`${codeHash} = any(${userTwoFactor.recoveryCodeHashes})`))
        .returning({ userId: userTwoFactor.userId });
      return rows.length === 1;
    },

    async remove(userId: number, tx: Database = db) {
      const rows = await tx
        .delete(userTwoFactor)
        .where(eq(userTwoFactor.userId, userId))
        .returning({ secret: userTwoFactor.secret });
      return rows.some((row) => row.secret !== null);
    },

    async policy(tx: Database = db) {
      const [row] = await tx.select().from(twoFactorPolicy).where(eq(twoFactorPolicy.id, 1));
      return row?.require2fa ?? 'disabled';
    },

    async setPolicy(require2fa: string, tx: Database = db) {
      await tx
        .insert(twoFactorPolicy)
        .values({ id: 1, require2fa })
        .onConflictDoUpdate({ target: twoFactorPolicy.id, set: { require2fa } });
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
