import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { AuditLog } from '../audit/index.ts';
import type { SessionControl } from '../connections/index.ts';
import type { PlansModule } from '../plans/index.ts';
import type { SettingsInvalidation } from '../settings/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { createCompaniesRealtime } from './companies.realtime.ts';
import { registerCompaniesRoutes } from './companies.routes.ts';
import { createCompaniesService } from './companies.service.ts';

export { type CompaniesRepository, createCompaniesRepository, type NewCompany } from './companies.repository.ts';

/** Companies: the super user's tenant admin, plus the plan and usage reads of a company's own users. */
export function createCompaniesModule(
  platform: Platform,
  deps: {
    plans: PlansModule;
    sessions: () => Pick<SessionControl, 'remove'>;
    dueDateSet?: (companyId: number) => Promise<void>;
    settings: SettingsInvalidation;
    users: UsersRepository;
    audit: AuditLog;
  },
) {
  const service = createCompaniesService({
    db: platform.db,
    storage: platform.storage,
    jobs: platform.jobs,
    sessions: deps.sessions,
    dueDateSet: deps.dueDateSet,
    plans: deps.plans.repository,
    planRules: deps.plans.rules,
    users: deps.users,
    events: createCompaniesRealtime(platform.realtime),
    sessionCache: platform.sessions,
    settingsCache: deps.settings,
    audit: deps.audit,
  });
  return { service, register: (app: FastifyInstance) => registerCompaniesRoutes(app, service) };
}
