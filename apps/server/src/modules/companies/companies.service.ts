import {
  type CompanyCreate,
  type CompanyFields,
  type CompanyUsage,
  PLATFORM_COMPANY_ID,
  renewDueDate,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashPassword } from '../../platform/http/passwords.ts';
import type { SessionInvalidation } from '../../platform/http/session-cache.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/local-storage.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import { companyBlockReason, createAuthRepository } from '../auth/index.ts';
import type { SessionControl } from '../connections/index.ts';
import type { PlanRules, PlansRepository } from '../plans/index.ts';
import { createSettingsRepository, type SettingsInvalidation } from '../settings/index.ts';
import type { UsersRepository } from '../users/index.ts';
import type { createCompaniesRealtime } from './companies.realtime.ts';
import { CAMPAIGNS_SETTING, createCompaniesRepository } from './companies.repository.ts';

/** The super user's companies admin. One transaction per use case. */
export function createCompaniesService(deps: {
  db: Database;
  storage: FileStorage;
  jobs: Pick<JobQueue, 'removeTenantJobs'>;
  /** Late-bound: the session manager is built after this module. */
  sessions: () => Pick<SessionControl, 'remove'>;
  /** Billing plans (or makes) the invoice of a due date the super user set (late-bound: made after). */
  dueDateSet?: (companyId: number) => Promise<void>;
  plans: PlansRepository;
  planRules: PlanRules;
  /** A new company's first admin, and the end of its users' tokens when it is switched off. */
  users: Pick<UsersRepository, 'insert' | 'bumpRegularUsersTokenVersions'>;
  events: ReturnType<typeof createCompaniesRealtime>;
  /** The token check's cache: told after a commit that changes a company's access. */
  sessionCache: SessionInvalidation;
  /** The campaignsEnabled setting is written with the company; deleting it drops them all. */
  settingsCache: SettingsInvalidation;
  /** A subscription's changes are written to the company's own log, in their transaction. */
  audit: AuditLog;
  today?: () => string;
}) {
  const { db, storage, jobs, sessions, plans, planRules, users, events, sessionCache, settingsCache } = deps;
  const today = deps.today ?? (() => new Date().toISOString().slice(0, 10));
  // The company is saved whatever billing answers: a failure here is retried by billing's hourly sweep.
  const afterDueDate = (companyId: number) => deps.dueDateSet?.(companyId).catch(() => undefined) ?? Promise.resolve();
  const repository = createCompaniesRepository(db);

  async function find(id: number) {
    const company = await repository.findById(id);
    if (!company) throw new AppError('ERR_NOT_FOUND');
    return company;
  }

  /** A company's subscription as the audit log compares it. */
  async function auditView(companies: ReturnType<typeof createCompaniesRepository>, id: number) {
    const company = await companies.findById(id);
    if (!company) return null;
    const { name, email, phone, planId, status, campaignsEnabled, dueDate, recurrence, schedules } = company;
    return { name, email, phone, planId, status, campaignsEnabled, dueDate, recurrence, schedules };
  }

  async function assertPlanExists(companies: ReturnType<typeof createCompaniesRepository>, planId: number) {
    if (!(await companies.planExists(planId))) {
      throw new AppError('ERR_VALIDATION', { fields: { planId: 'Plan not found' } });
    }
  }

  async function assertRemovable(companies: ReturnType<typeof createCompaniesRepository>, id: number) {
    if (!(await companies.findById(id))) throw new AppError('ERR_NOT_FOUND');
    if (id === PLATFORM_COMPANY_ID || (await companies.hasSuperUser(id))) throw new AppError('ERR_COMPANY_PROTECTED');
  }

  return {
    page: (searchParam: string, pageNumber: number) => repository.page(searchParam, pageNumber),
    listAll: () => repository.listAll(),
    find,

    /** Users read their own company; the super user any (others answer 404, not 403: ids are not probed). */
    async findVisible(session: { companyId: number; isSuper: boolean }, id: number) {
      if (!session.isSuper && id !== session.companyId) throw new AppError('ERR_NOT_FOUND');
      return find(id);
    },

    async planOf(session: { companyId: number; isSuper: boolean }, companyId: number) {
      if (!session.isSuper && companyId !== session.companyId) throw new AppError('ERR_NOT_FOUND');
      const plan = await plans.findPlanOfCompany(companyId);
      if (!plan) throw new AppError('ERR_NOT_FOUND');
      return plan;
    },

    async usage(companyId: number): Promise<CompanyUsage> {
      const plan = await plans.findPlanOfCompany(companyId);
      if (!plan) throw new AppError('ERR_NOT_FOUND');
      const { users, connections, queues, value: _value, ...flags } = plan;
      return { plan: flags, ...(await planRules.usage(db, companyId)) };
    },

    /** The company, its default settings and its first admin (email = the company's), all or nothing. */
    async create(fields: CompanyCreate) {
      const { password, campaignsEnabled, schedules, ...columns } = fields;
      const passwordHash = await hashPassword(password);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const companies = createCompaniesRepository(tx);
          await assertPlanExists(companies, columns.planId);
          if (await companies.isUserEmailTaken(columns.email)) throw emailInUse();
          const company = await companies.insert({ ...columns, ...(schedules ? { schedules } : {}) });
          await createSettingsRepository(tx).insertDefaults(company.id, {
            [CAMPAIGNS_SETTING]: String(campaignsEnabled),
          });
          await users.insert(tx, company.id, {
            name: columns.name.slice(0, 50),
            email: columns.email,
            passwordHash,
            profile: 'admin',
            allTicket: 'enabled',
          });
          return company.id;
        });
      } catch (error) {
        // Two creations with one email can both pass the check; the unique index decides.
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
      await afterDueDate(id);
      return find(id);
    },

    /**
     * Switching a company off, or moving its due date into the past, ends its users' sessions
     * at once (super users excepted, as at login) and tells their open pages why.
     */
    async update(actor: AuditActor, id: number, fields: CompanyFields) {
      const blockedBy = await db.transaction(async (tx) => {
        const companies = createCompaniesRepository(tx);
        await assertPlanExists(companies, fields.planId);
        const before = await companies.findAccessState(id);
        const audited = await auditView(companies, id);
        const { campaignsEnabled, ...columns } = fields;
        if (!before || !(await companies.update(id, columns))) throw new AppError('ERR_NOT_FOUND');
        await createSettingsRepository(tx).set(id, CAMPAIGNS_SETTING, String(campaignsEnabled));
        await deps.audit.record(tx, actor, {
          action: 'company.updated',
          entityType: 'company',
          entityId: id,
          companyId: id,
          before: audited,
          after: await auditView(companies, id),
        });
        const reason = blockReason({ companyStatus: fields.status, dueDate: fields.dueDate ?? null });
        if (!reason || blockReason(before)) return null;
        // Super users keep their sessions, as at login: refresh sessions go, and a bumped token
        // version makes access tokens fail even if the company comes back.
        await users.bumpRegularUsersTokenVersions(tx, id);
        await createAuthRepository(tx).deleteRegularUsersSessions(id);
        return reason;
      });
      sessionCache.forgetCompany(id);
      settingsCache.forget(id);
      if (blockedBy) await events.companyBlocked(id, blockedBy, fields.dueDate ?? null);
      await afterDueDate(id);
      return find(id);
    },

    /** spec "Company renewal": the due date moves by the recurrence, from the current due date. */
    async renew(actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const companies = createCompaniesRepository(tx);
        const company = await companies.findForRenewal(id);
        if (!company) throw new AppError('ERR_NOT_FOUND');
        const dueDate = renewDueDate(company.dueDate, company.recurrence, today());
        await companies.setDueDate(id, dueDate);
        await deps.audit.record(tx, actor, {
          action: 'company.renewed',
          entityType: 'company',
          entityId: id,
          companyId: id,
          before: { dueDate: company.dueDate },
          after: { dueDate },
        });
      });
      sessionCache.forgetCompany(id);
      await afterDueDate(id);
      return find(id);
    },

    /**
     * Removes everything of the company. Its live WhatsApp sessions stop first, so no message
     * arrives for a company being deleted; then its rows go (one cascading delete, in a
     * transaction), then its queued jobs, its media folder and its open sockets. Company 1 (the
     * platform's own) and any company holding a super user are refused, so the platform never
     * loses its owner.
     */
    async remove(id: number) {
      await assertRemovable(repository, id);
      for (const connectionId of await repository.connectionIdsOf(id)) await sessions().remove(connectionId);
      await db.transaction(async (tx) => {
        const companies = createCompaniesRepository(tx);
        await assertRemovable(companies, id);
        await companies.remove(id);
      });
      sessionCache.forgetCompany(id);
      settingsCache.forget(id);
      // After the rows: a job queued while they were deleted goes too.
      await jobs.removeTenantJobs(id);
      await storage.removeCompany(id);
      events.endCompanySessions(id);
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;

/** The company's own state as login reads it, for a user who is not a super user. */
const blockReason = (state: { companyStatus: boolean; dueDate: string | null }) =>
  companyBlockReason({ isSuper: false, ...state });

const emailInUse = () => new AppError('ERR_EMAIL_IN_USE', { fields: { email: 'Email already in use' } });
