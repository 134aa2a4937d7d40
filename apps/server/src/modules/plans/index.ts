import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { AuditLog } from '../audit/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import { createPlanRules } from './plan-rules.ts';
import { createPlansRepository } from './plans.repository.ts';
import { registerPlansRoutes } from './plans.routes.ts';
import { createPlansService } from './plans.service.ts';

export type { PlanRules } from './plan-rules.ts';
export { createPlansRepository, type PlansRepository } from './plans.repository.ts';

/** Plans: the super user's catalogue, and the rules (limits and flags) other modules enforce. */
export function createPlansModule(
  platform: Platform,
  deps: { settings: Pick<SettingsReader, 'read'>; audit: AuditLog },
) {
  const repository = createPlansRepository(platform.db);
  const service = createPlansService(platform.db, deps.audit);
  const rules = createPlanRules(repository, deps.settings);
  return {
    repository,
    service,
    rules,
    register: (app: FastifyInstance) => {
      rules.registerPlanGate(app);
      registerPlansRoutes(app, service);
    },
  };
}

export type PlansModule = ReturnType<typeof createPlansModule>;
