import type { AllTicket, Profile, SessionUser, UserOption, UserRecord } from '@wacrm/shared';
import { isSecretSetting, isTrialDueDate, maskSecret } from '@wacrm/shared';
import { and, asc, count, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { containsText } from '../../platform/db/text-search.ts';
import { companies, queues, settings, userQueues, users, whatsapps } from '../../tables.ts';

/**
 * The session user as stored, with the company's status in place of `billingOnly`: whether an
 * admin of an expired company sees only billing is the auth module's rule, which adds it.
 */
export type StoredSessionUser = Omit<SessionUser, 'company' | 'twoFactorSetupPending'> & {
  company: Omit<SessionUser['company'], 'billingOnly'> & { status: boolean };
};

/** What the management screens read of a user: never the password hash. */
const recordColumns = {
  id: users.id,
  companyId: users.companyId,
  name: users.name,
  email: users.email,
  profile: users.profile,
  super: users.isSuper,
  allTicket: users.allTicket,
  whatsappId: users.whatsappId,
  whatsappName: whatsapps.name,
  online: users.online,
  ticketCapacity: users.ticketCapacity,
  paused: users.assignmentPaused,
  pauseReason: users.pauseReason,
  pausedAt: users.pausedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

interface RecordRow {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: string;
  super: boolean;
  allTicket: string;
  whatsappId: number | null;
  whatsappName: string | null;
  online: boolean;
  ticketCapacity: number | null;
  paused: boolean;
  pauseReason: string | null;
  pausedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

function toRecord(row: RecordRow, userQueueList: UserRecord['queues']): UserRecord {
  const { whatsappName, ...user } = row;
  return {
    ...user,
    profile: user.profile as Profile,
    allTicket: user.allTicket as AllTicket,
    whatsapp: user.whatsappId !== null && whatsappName !== null ? { id: user.whatsappId, name: whatsappName } : null,
    queues: userQueueList,
    pausedAt: user.pausedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export interface UserWrite {
  name: string;
  email: string;
  passwordHash?: string;
  profile?: Profile;
  allTicket?: AllTicket;
  whatsappId?: number | null;
  ticketCapacity?: number | null;
}

/** Every query on users; the company id comes first wherever the caller has one. */
export function createUsersRepository(db: Database) {
  // Every authenticated request asks this: prepared once (named), planned once per connection.
  const authState = db
    .select({
      id: users.id,
      companyId: users.companyId,
      profile: users.profile,
      isSuper: users.isSuper,
      tokenVersion: users.tokenVersion,
      passwordHash: users.passwordHash,
      companyStatus: companies.status,
      dueDate: companies.dueDate,
      allTicket: users.allTicket,
      queueIds: sql<number[]>`coalesce((select array_agg(${userQueues.queueId}) from ${userQueues}
        where ${userQueues.userId} = ${users.id}), '{}')::int[]`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('auth_state');

  async function queuesOf(companyId: number, userIds: number[], tx: Database = db) {
    const byUser = new Map<number, UserRecord['queues']>();
    if (userIds.length === 0) return byUser;
    const rows = await tx
      .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
      .from(userQueues)
      .innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(and(eq(queues.companyId, companyId), inArray(userQueues.userId, userIds)))
      .orderBy(asc(queues.orderQueue), asc(queues.name));
    for (const { userId, ...queue } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), queue]);
    return byUser;
  }

  return {
    /** Login looks a user up before any company is known: emails are unique across the platform. */
    async findForLogin(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          companyId: users.companyId,
          passwordHash: users.passwordHash,
          isSuper: users.isSuper,
          profile: users.profile,
          companyStatus: companies.status,
          dueDate: companies.dueDate,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row ?? null;
    },

    /**
     * What every authenticated request checks: token version and the company's access (status,
     * due date), joined here so the check costs no query of its own.
     */
    async findAuthState(userId: number) {
      const [row] = await authState.execute({ userId });
      return row ? { ...row, profile: row.profile as Profile } : null;
    },

    async bumpTokenVersion(companyId: number, userId: number) {
      const [row] = await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
        .returning({ tokenVersion: users.tokenVersion });
      return row.tokenVersion;
    },

    async loadSessionUser(companyId: number, userId: number): Promise<StoredSessionUser | null> {
      const [row] = await db
        .select({
          user: users,
          company: {
            id: companies.id,
            name: companies.name,
            dueDate: companies.dueDate,
            status: companies.status,
            createdAt: companies.createdAt,
          },
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
      if (!row) return null;
      const [companySettings, userQueueRows] = await Promise.all([
        db
          .select({ key: settings.key, value: settings.value })
          .from(settings)
          .where(eq(settings.companyId, companyId))
          .orderBy(asc(settings.key)),
        db
          .select({ id: queues.id, name: queues.name, color: queues.color })
          .from(userQueues)
          .innerJoin(queues, eq(queues.id, userQueues.queueId))
          .where(and(eq(queues.companyId, companyId), eq(userQueues.userId, userId)))
          .orderBy(asc(queues.orderQueue), asc(queues.name)),
      ]);
      const { user, company } = row;
      const { createdAt, ...companyFields } = company;
      return {
        id: user.id,
        companyId: user.companyId,
        name: user.name,
        email: user.email,
        profile: user.profile as Profile,
        super: user.isSuper,
        allTicket: user.allTicket as AllTicket,
        whatsappId: user.whatsappId,
        language: user.language,
        queues: userQueueRows,
        company: {
          ...companyFields,
          isTrial: isTrialDueDate(createdAt, company.dueDate),
          // Every user reads the company's settings here: a secret one (the AI assist's key) only masked.
          settings: companySettings.map((setting) =>
            isSecretSetting(setting.key) ? { ...setting, value: maskSecret(setting.value) ?? '' } : setting,
          ),
        },
      };
    },

    async setLanguage(companyId: number, userId: number, language: string) {
      await db
        .update(users)
        .set({ language, updatedAt: new Date() })
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    },

    async updateOwnProfile(companyId: number, userId: number, changes: { name: string; passwordHash?: string }) {
      await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    },

    /** One page of the company's users, by name, with the total the search matches. */
    async listPage(companyId: number, search: string, page: number, pageSize: number) {
      const where = and(
        eq(users.companyId, companyId),
        search ? or(containsText(users.name, search), containsText(users.email, search)) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(recordColumns)
          .from(users)
          .leftJoin(whatsapps, and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, users.whatsappId)))
          .where(where)
          .orderBy(asc(users.name), asc(users.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(users).where(where),
      ]);
      const queuesByUser = await queuesOf(
        companyId,
        rows.map((row) => row.id),
      );
      return { rows: rows.map((row) => toRecord(row, queuesByUser.get(row.id) ?? [])), total };
    },

    /** Every user of the company, for pickers, with the ids of their queues. */
    listOptions: (companyId: number): Promise<UserOption[]> =>
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          profile: users.profile,
          online: users.online,
          queueIds: sql<number[]>`coalesce((select array_agg(${userQueues.queueId} order by ${userQueues.queueId})
            from ${userQueues} where ${userQueues.userId} = ${users.id}), '{}')::int[]`,
        })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(asc(users.name), asc(users.id)) as Promise<UserOption[]>,

    async findRecord(companyId: number, userId: number, tx: Database = db): Promise<UserRecord | null> {
      const [row] = await tx
        .select(recordColumns)
        .from(users)
        .leftJoin(whatsapps, and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, users.whatsappId)))
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
      if (!row) return null;
      const queuesByUser = await queuesOf(companyId, [userId], tx);
      return toRecord(row, queuesByUser.get(userId) ?? []);
    },

    /**
     * Serialises the writes that count users of one company (plan limit, last admin):
     * concurrent requests queue on the company row until the first transaction ends.
     */
    async lockCompany(tx: Database, companyId: number) {
      const [row] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('update');
      return row !== undefined;
    },

    async isEmailTaken(tx: Database, email: string, exceptUserId?: number) {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(sql`lower(${users.email})`, email.toLowerCase()),
            exceptUserId ? ne(users.id, exceptUserId) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async countUsers(tx: Database, companyId: number) {
      const [{ total }] = await tx.select({ total: count() }).from(users).where(eq(users.companyId, companyId));
      return total;
    },

    /** The addresses of the company's admins: who is told when something needs an admin. */
    async adminEmails(companyId: number) {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.profile, 'admin')))
        .orderBy(asc(users.id));
      return rows.map((row) => row.email);
    },

    async countAdmins(tx: Database, companyId: number) {
      const [{ total }] = await tx
        .select({ total: count() })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.profile, 'admin')));
      return total;
    },

    /** The ids among `queueIds` that belong to the company. */
    async ownedQueueIds(tx: Database, companyId: number, queueIds: number[]) {
      if (queueIds.length === 0) return [];
      const rows = await tx
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), inArray(queues.id, queueIds)));
      return rows.map((row) => row.id);
    },

    async ownsConnection(tx: Database, companyId: number, whatsappId: number) {
      const [row] = await tx
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
      return row !== undefined;
    },

    /** `isSuper`: only the seed makes the platform's owner; no route sets it. */
    async insert(tx: Database, companyId: number, fields: UserWrite & { passwordHash: string; isSuper?: boolean }) {
      const [row] = await tx
        .insert(users)
        .values({ companyId, ...fields })
        .returning({ id: users.id });
      return row.id;
    },

    async update(tx: Database, companyId: number, userId: number, fields: Partial<UserWrite>) {
      await tx
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    },

    /** Replaces the user's queues; callers pass only queue ids of the user's company. */
    async setQueues(tx: Database, userId: number, queueIds: number[]) {
      await tx.delete(userQueues).where(eq(userQueues.userId, userId));
      if (queueIds.length > 0) await tx.insert(userQueues).values(queueIds.map((queueId) => ({ userId, queueId })));
    },

    /**
     * A new password from a reset: the token version moves too, so every older access token stops
     * resolving. Answers the new version, or null when the user is gone.
     */
    async resetPassword(tx: Database, companyId: number, userId: number, passwordHash: string) {
      const [updated] = await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
        .returning({ tokenVersion: users.tokenVersion });
      return updated ? updated.tokenVersion : null;
    },

    /** The company is switched off or expired: its users' access tokens stop resolving, super users' excepted. */
    async bumpRegularUsersTokenVersions(tx: Database, companyId: number) {
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.companyId, companyId), eq(users.isSuper, false)));
    },

    /** Ends every session of the user: their tokens stop resolving and their refresh cookies fail. */
    async bumpTokenVersionIn(tx: Database, companyId: number, userId: number) {
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    },

    async delete(tx: Database, companyId: number, userId: number) {
      const rows = await tx
        .delete(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /** Pauses or resumes the user's automatic assignments; answers the state, null for no such user. */
    async setPause(companyId: number, userId: number, pause: { paused: boolean; reason: string | null }) {
      const [row] = await db
        .update(users)
        .set({
          assignmentPaused: pause.paused,
          pauseReason: pause.paused ? pause.reason : null,
          pausedAt: pause.paused ? sql`coalesce(${users.pausedAt}, now())` : null,
        })
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
        .returning({ paused: users.assignmentPaused, pauseReason: users.pauseReason, pausedAt: users.pausedAt });
      return row ? { ...row, pausedAt: row.pausedAt?.toISOString() ?? null } : null;
    },

    /** Records a heartbeat; answers the user when this made them come online. */
    async markSeen(companyId: number, userId: number) {
      const [row] = await db
        .update(users)
        .set({ online: true, lastSeenAt: new Date() })
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
        .returning({ id: users.id, name: users.name, email: users.email, profile: users.profile });
      return row ? { ...row, profile: row.profile as Profile } : null;
    },

    /** Answers the user when they were online with no heartbeat since `seenBefore`. */
    async markOfflineIfIdle(companyId: number, userId: number, seenBefore: Date) {
      const [row] = await db
        .update(users)
        .set({ online: false })
        .where(
          and(
            eq(users.companyId, companyId),
            eq(users.id, userId),
            eq(users.online, true),
            lt(users.lastSeenAt, seenBefore),
          ),
        )
        .returning({ id: users.id, name: users.name, email: users.email, profile: users.profile });
      return row ? { ...row, profile: row.profile as Profile } : null;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
