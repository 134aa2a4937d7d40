import {
  hasPermission,
  newUserDefaults,
  pageSizes,
  type UserCreate,
  type UserPause,
  type UserRecord,
  type UserUpdate,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashPassword } from '../../platform/http/passwords.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { SessionInvalidation } from '../../platform/http/session-cache.ts';
import type { AuditLog } from '../audit/index.ts';
import type { PlanRules } from '../plans/index.ts';
import type { createUsersRealtime } from './users.realtime.ts';
import type { UsersRepository, UserWrite } from './users.repository.ts';

/** Fields only an admin may set (spec §6: "can edit a user's profile, queues, connection and allTicket"). */
const adminOnlyFields = ['profile', 'queueIds', 'whatsappId', 'allTicket', 'ticketCapacity'] as const;

const PG_UNIQUE_VIOLATION = '23505';

export function createUsersService(deps: {
  db: Database;
  repository: UsersRepository;
  events: ReturnType<typeof createUsersRealtime>;
  planRules: PlanRules;
  /** The token check's cache: told after a commit that changes what it keeps. */
  sessions: SessionInvalidation;
  /** The user may take more tickets now (resumed, capacity or queues changed): automatic assignment looks again. */
  availabilityChanged: (companyId: number) => Promise<void>;
  audit: AuditLog;
}) {
  const { db, repository, events, planRules, sessions, audit } = deps;

  const isAdmin = (session: RequestSession) => hasPermission(session, 'user-modal:editProfile');

  /** The default connection and queues must be the company's own; another company's id reads as invalid. */
  async function assertOwnedReferences(tx: Database, companyId: number, fields: UserCreate | UserUpdate) {
    const invalid: Record<string, string> = {};
    if (fields.whatsappId != null && !(await repository.ownsConnection(tx, companyId, fields.whatsappId))) {
      invalid.whatsappId = 'Connection not found';
    }
    if (fields.queueIds && fields.queueIds.length > 0) {
      const unique = [...new Set(fields.queueIds)];
      const owned = await repository.ownedQueueIds(tx, companyId, unique);
      if (owned.length !== unique.length) invalid.queueIds = 'Queue not found';
    }
    if (Object.keys(invalid).length > 0) throw new AppError('ERR_VALIDATION', { fields: invalid });
  }

  async function assertEmailFree(tx: Database, email: string, exceptUserId?: number) {
    if (await repository.isEmailTaken(tx, email, exceptUserId)) {
      throw new AppError('ERR_EMAIL_IN_USE', { fields: { email: 'Email already in use' } });
    }
  }

  /** Two requests may pass the check at once; the unique index still decides, with the same answer. */
  async function withEmailConflict<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (pgCode(error) === PG_UNIQUE_VIOLATION) {
        throw new AppError('ERR_EMAIL_IN_USE', { fields: { email: 'Email already in use' } });
      }
      throw error;
    }
  }

  async function requireRecord(companyId: number, userId: number, tx: Database = db) {
    const user = await repository.findRecord(companyId, userId, tx);
    if (!user) throw new AppError('ERR_NO_USER_FOUND');
    return user;
  }

  return {
    async list(session: RequestSession, searchParam: string, pageNumber: number) {
      const pageSize = pageSizes.users;
      const { rows, total } = await repository.listPage(session.companyId, searchParam, pageNumber, pageSize);
      return { users: rows, count: total, hasMore: total > pageNumber * pageSize };
    },

    listOptions: (session: RequestSession) => repository.listOptions(session.companyId),

    /** Admins read any user of their company; a user reads only themselves. */
    async show(session: RequestSession, userId: number) {
      if (!isAdmin(session) && userId !== session.userId) throw new AppError('ERR_NO_PERMISSION');
      return requireRecord(session.companyId, userId);
    },

    async create(session: RequestSession, fields: UserCreate): Promise<UserRecord> {
      if (!isAdmin(session)) throw new AppError('ERR_NO_PERMISSION');
      const { companyId } = session;
      const passwordHash = await hashPassword(fields.password);
      // The plan is read before the transaction: plan-rules reads it through its own handle, which
      // on PGlite (one connection) would wait forever for this transaction. The count is taken
      // again under the company lock, so two concurrent creations cannot both pass.
      const { users: allowance } = await planRules.usage(db, companyId);
      const created = await withEmailConflict(() =>
        db.transaction(async (tx) => {
          await repository.lockCompany(tx, companyId);
          const used = await repository.countUsers(tx, companyId);
          if (used >= allowance.limit) {
            throw new AppError('ERR_PLAN_LIMIT', { details: { resource: 'users', limit: allowance.limit, used } });
          }
          await assertEmailFree(tx, fields.email);
          await assertOwnedReferences(tx, companyId, fields);
          const userId = await repository.insert(tx, companyId, {
            name: fields.name,
            email: fields.email,
            passwordHash,
            profile: fields.profile ?? newUserDefaults.profile,
            allTicket: fields.allTicket ?? newUserDefaults.allTicket,
            whatsappId: fields.whatsappId ?? null,
            ticketCapacity: fields.ticketCapacity ?? null,
          });
          await repository.setQueues(tx, userId, [...new Set(fields.queueIds ?? [])]);
          const record = await requireRecord(companyId, userId, tx);
          await audit.record(tx, session, {
            action: 'user.created',
            entityType: 'user',
            entityId: userId,
            after: { ...auditView(record), password: 'set' },
          });
          return record;
        }),
      );
      events.userCreated(companyId, created);
      return created;
    },

    async update(session: RequestSession, userId: number, fields: UserUpdate): Promise<UserRecord> {
      const { companyId } = session;
      const isSelf = userId === session.userId;
      if (!isAdmin(session) && !isSelf) throw new AppError('ERR_NO_PERMISSION');

      const passwordHash = fields.password ? await hashPassword(fields.password) : undefined;
      let endSessions = false;
      const updated = await withEmailConflict(() =>
        db.transaction(async (tx) => {
          await repository.lockCompany(tx, companyId);
          const current = await requireRecord(companyId, userId, tx);
          // Only the platform's owners manage another owner's account.
          if (current.super && !session.isSuper && !isSelf) throw new AppError('ERR_NO_PERMISSION');
          if (!isAdmin(session)) assertNoAdminOnlyChange(current, fields);

          const changes: Partial<UserWrite> = { name: fields.name, email: fields.email };
          if (passwordHash) changes.passwordHash = passwordHash;
          if (isAdmin(session)) {
            if (fields.profile !== undefined) changes.profile = fields.profile;
            if (fields.allTicket !== undefined) changes.allTicket = fields.allTicket;
            if (fields.whatsappId !== undefined) changes.whatsappId = fields.whatsappId;
            if (fields.ticketCapacity !== undefined) changes.ticketCapacity = fields.ticketCapacity;
            await assertOwnedReferences(tx, companyId, fields);
          }
          if (current.email.toLowerCase() !== fields.email.toLowerCase()) {
            await assertEmailFree(tx, fields.email, userId);
          }
          if (current.profile === 'admin' && changes.profile !== undefined && changes.profile !== 'admin') {
            if ((await repository.countAdmins(tx, companyId)) <= 1) throw new AppError('ERR_LAST_ADMIN');
          }

          await repository.update(tx, companyId, userId, changes);
          if (isAdmin(session) && fields.queueIds !== undefined) {
            await repository.setQueues(tx, userId, [...new Set(fields.queueIds)]);
          }
          // A user signed in with an old password or a higher profile must sign in again. The caller's own
          // session stays: they made the change, and a user has one session at a time anyway.
          const profileChanged = changes.profile !== undefined && changes.profile !== current.profile;
          endSessions = !isSelf && (passwordHash !== undefined || profileChanged);
          if (endSessions) await repository.bumpTokenVersionIn(tx, companyId, userId);
          const record = await requireRecord(companyId, userId, tx);
          await audit.record(tx, session, {
            action: 'user.updated',
            entityType: 'user',
            entityId: userId,
            // A new password shows as changed, never with a value.
            before: { ...auditView(current), ...(passwordHash ? { password: 'old' } : {}) },
            after: { ...auditView(record), ...(passwordHash ? { password: 'new' } : {}) },
          });
          return record;
        }),
      );
      sessions.forgetUser(userId);
      events.userUpdated(companyId, updated);
      await events.accessChanged(companyId, userId);
      if (endSessions) events.sessionsEnded(companyId, userId);
      await deps.availabilityChanged(companyId);
      return updated;
    },

    /**
     * The caller stops or resumes receiving automatic assignments (issue 48). Tickets they hold
     * stay theirs; supervisors see the state and reason in the users list and its events.
     */
    async setPause(session: RequestSession, pause: UserPause) {
      const { companyId, userId } = session;
      const state = await repository.setPause(companyId, userId, {
        paused: pause.paused,
        reason: pause.reason?.trim() || null,
      });
      if (!state) throw new AppError('ERR_NO_USER_FOUND');
      const user = await requireRecord(companyId, userId);
      events.userUpdated(companyId, user);
      if (!state.paused) await deps.availabilityChanged(companyId);
      return state;
    },

    async remove(session: RequestSession, userId: number) {
      if (!isAdmin(session)) throw new AppError('ERR_NO_PERMISSION');
      const { companyId } = session;
      if (userId === session.userId) throw new AppError('ERR_CANNOT_DELETE_SELF');
      await db.transaction(async (tx) => {
        await repository.lockCompany(tx, companyId);
        const current = await requireRecord(companyId, userId, tx);
        if (current.super && !session.isSuper) throw new AppError('ERR_NO_PERMISSION');
        if (current.profile === 'admin' && (await repository.countAdmins(tx, companyId)) <= 1) {
          throw new AppError('ERR_LAST_ADMIN');
        }
        // Sessions and queue links go with the row (ON DELETE CASCADE).
        await repository.delete(tx, companyId, userId);
        await audit.record(tx, session, {
          action: 'user.deleted',
          entityType: 'user',
          entityId: userId,
          before: auditView(current),
        });
      });
      sessions.forgetUser(userId);
      events.userDeleted(companyId, userId);
      events.sessionsEnded(companyId, userId);
    },
  };
}

/** The fields of a user the audit log compares. */
function auditView(user: UserRecord) {
  return {
    name: user.name,
    email: user.email,
    profile: user.profile,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    ticketCapacity: user.ticketCapacity,
    queueIds: user.queues.map((queue) => queue.id).sort((a, b) => a - b),
  };
}

/**
 * A non-admin editing themselves may send the admin-only fields back unchanged (the same form
 * serves both), but changing any of them is refused rather than silently ignored.
 */
function assertNoAdminOnlyChange(current: UserRecord, fields: UserUpdate) {
  const currentQueueIds = current.queues.map((queue) => queue.id).sort((a, b) => a - b);
  const changed = adminOnlyFields.filter((field) => {
    if (fields[field] === undefined) return false;
    if (field === 'queueIds') {
      const wanted = [...new Set(fields.queueIds)].sort((a, b) => a - b);
      return wanted.join(',') !== currentQueueIds.join(',');
    }
    return fields[field] !== current[field];
  });
  if (changed.length > 0) {
    throw new AppError('ERR_NO_PERMISSION', { details: { fields: changed } });
  }
}

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors; the SQLSTATE may sit on the cause.
  for (let depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export type UsersService = ReturnType<typeof createUsersService>;
