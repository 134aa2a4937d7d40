import { and, desc, eq, gt, inArray, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { authSessions, users } from '../../tables.ts';

/**
 * Sessions of logged-in browsers, one row each, found by the id inside the refresh cookie. Give
 * it a transaction to end sessions together with another module's write (a password reset, a
 * company switched off).
 */
export function createAuthRepository(db: Database) {
  return {
    async createSession(session: {
      userId: number;
      companyId: number;
      tokenVersion: number;
      rotationId: string;
      deviceHash: string | null;
      expiresAt: Date;
      userAgent: string | null;
      ip: string | null;
    }) {
      const [row] = await db.insert(authSessions).values(session).returning({ id: authSessions.id });
      return row.id;
    },

    async findSession(sessionId: string) {
      const [row] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId));
      return row ?? null;
    },

    /** Compare-and-set: only one of two concurrent refreshes with the same cookie rotates. */
    async rotate(
      sessionId: string,
      fromRotationId: string,
      toRotationId: string,
      expiresAt: Date,
      seenFrom: { ip: string | null },
    ) {
      const now = new Date();
      const rows = await db
        .update(authSessions)
        .set({
          rotationId: toRotationId,
          previousRotationId: fromRotationId,
          rotatedAt: now,
          expiresAt,
          lastSeenAt: now,
          ...(seenFrom.ip ? { ip: seenFrom.ip } : {}),
        })
        .where(and(eq(authSessions.id, sessionId), eq(authSessions.rotationId, fromRotationId)))
        .returning({ id: authSessions.id });
      return rows.length === 1;
    },

    async deleteSession(sessionId: string) {
      await db.delete(authSessions).where(eq(authSessions.id, sessionId));
    },

    /** The user's sessions that may still refresh, newest first. */
    async listLive(userId: number, tokenVersion: number) {
      return db
        .select({
          id: authSessions.id,
          userAgent: authSessions.userAgent,
          ip: authSessions.ip,
          createdAt: authSessions.createdAt,
          lastSeenAt: authSessions.lastSeenAt,
        })
        .from(authSessions)
        .where(
          and(
            eq(authSessions.userId, userId),
            eq(authSessions.tokenVersion, tokenVersion),
            gt(authSessions.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(authSessions.lastSeenAt));
    },

    /** Ids of the sessions whose access tokens still count (the token check keeps them per process). */
    async liveIds(userId: number) {
      const rows = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, new Date())));
      return rows.map((row) => row.id);
    },

    /** Ends one session of the user; false when it is not theirs (or already gone). */
    async deleteUserSession(userId: number, sessionId: string) {
      const rows = await db
        .delete(authSessions)
        .where(and(eq(authSessions.userId, userId), eq(authSessions.id, sessionId)))
        .returning({ id: authSessions.id });
      return rows.length === 1;
    },

    /** Every session of the user but `keepId`'s; answers the ids ended. */
    async deleteOtherSessions(userId: number, keepId: string | undefined, tx: Database = db) {
      const rows = await tx
        .delete(authSessions)
        .where(and(eq(authSessions.userId, userId), keepId ? ne(authSessions.id, keepId) : undefined))
        .returning({ id: authSessions.id });
      return rows.map((row) => row.id);
    },

    /** Sessions of older token versions, and expired ones, can never refresh again. */
    async deleteStaleSessions(userId: number, currentTokenVersion: number) {
      await db
        .delete(authSessions)
        .where(
          and(
            eq(authSessions.userId, userId),
            or(lt(authSessions.tokenVersion, currentTokenVersion), lt(authSessions.expiresAt, new Date())),
          ),
        );
    },

    /** Every refresh session of the user: no browser of theirs can refresh any more. */
    async deleteUserSessions(userId: number) {
      await db.delete(authSessions).where(eq(authSessions.userId, userId));
    },

    /** The refresh sessions of the company's users, super users' excepted. */
    async deleteRegularUsersSessions(companyId: number) {
      const regularUsers = and(eq(users.companyId, companyId), eq(users.isSuper, false));
      await db
        .delete(authSessions)
        .where(
          and(
            eq(authSessions.companyId, companyId),
            inArray(authSessions.userId, db.select({ id: users.id }).from(users).where(regularUsers)),
          ),
        );
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
