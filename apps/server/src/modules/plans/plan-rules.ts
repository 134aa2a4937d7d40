import { type PlanFeatureFlag, planAllowsFlag } from '@wacrm/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { defineGuard } from '../../platform/http/guards.ts';
import { queues, users, whatsapps } from '../../tables.ts';
import type { SettingsReader } from '../settings/index.ts';
import { createPlansRepository, type PlansRepository } from './plans.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The plan flag the route's feature needs; see `createPlanRules` below. */
    planFeature?: PlanFeatureFlag;
  }
}

export type PlanLimitedResource = 'users' | 'connections' | 'queues';

const countedTable = { users, connections: whatsapps, queues } as const;

/**
 * The plan's numbers and flags, enforced by the server (the menu only hides what the plan lacks).
 * Call `assertWithinLimit` inside the transaction that creates the resource.
 *
 * Gating a feature by its plan flag (the map of features to flags is `planFeatures` in
 * packages/shared/src/plans/plan-features.ts): declare the flag on each of the feature's routes,
 *
 *     route(app, scheduleRoutes.page, handler, { config: { planFeature: 'useSchedules' } })
 *
 * and a company whose plan lacks it gets 403 ERR_PLAN_FEATURE_DISABLED before the body is
 * validated or the handler runs (the gate is the `preValidation` hook that `registerPlanGate`
 * adds for every route; role guards run before it, see `runGuardsFirst`). Flags: useOpenAi (/api/prompt), useIntegrations
 * (/api/queueIntegration), useExternalApi (/api/messages/send), useSchedules, useKanban,
 * useCampaigns (or the company setting campaignsEnabled), useInternalChat. For one route inside
 * an otherwise open module, `preHandler: planRules.requireFeature(flag)` does the same.
 */
export function createPlanRules(plans: PlansRepository, settings: Pick<SettingsReader, 'read'>) {
  // Inside a transaction the plan must be read through that transaction: PGlite has one
  // connection, and a read on the shared handle would wait for the transaction forever.
  async function planOf(companyId: number, through: PlansRepository = plans) {
    const plan = await through.findPlanOfCompany(companyId);
    if (!plan) throw new AppError('ERR_PLAN_FEATURE_DISABLED', { message: 'The company has no plan' });
    return plan;
  }

  return {
    /** Throws ERR_PLAN_LIMIT when the company already has as many of `resource` as its plan allows. */
    async assertWithinLimit(db: Database, companyId: number, resource: PlanLimitedResource) {
      const plan = await planOf(companyId, createPlansRepository(db));
      const table = countedTable[resource];
      const [{ value: used }] = await db.select({ value: count() }).from(table).where(eq(table.companyId, companyId));
      if (used >= plan[resource]) {
        throw new AppError('ERR_PLAN_LIMIT', { details: { resource, limit: plan[resource], used } });
      }
    },

    /** How many of each resource the plan allows and the company uses, for screens to warn before a form. */
    async usage(db: Database, companyId: number) {
      const plan = await planOf(companyId, createPlansRepository(db));
      const used = async (resource: PlanLimitedResource) => {
        const table = countedTable[resource];
        const [{ value }] = await db.select({ value: count() }).from(table).where(eq(table.companyId, companyId));
        return { limit: plan[resource], used: value };
      };
      return { users: await used('users'), connections: await used('connections'), queues: await used('queues') };
    },

    /** Whether the company's plan opens the flag's feature (campaigns: or its campaignsEnabled setting). */
    allows,

    /** Guard (declare it as a preHandler): 403 ERR_PLAN_FEATURE_DISABLED when the caller's plan lacks the feature. */
    requireFeature(flag: PlanFeatureFlag) {
      return defineGuard(async (request) => {
        if (!(await allows(request.session.companyId, flag))) {
          throw new AppError('ERR_PLAN_FEATURE_DISABLED', { details: { feature: flag } });
        }
      });
    },

    /** Enforces `config: { planFeature }` on every route (called once by the plans module). */
    registerPlanGate(app: FastifyInstance) {
      app.addHook('preValidation', async (request) => {
        const flag = request.routeOptions.config?.planFeature;
        if (!flag) return;
        if (!(await allows(request.session.companyId, flag))) {
          throw new AppError('ERR_PLAN_FEATURE_DISABLED', { details: { feature: flag } });
        }
      });
    },
  };

  async function allows(companyId: number, flag: PlanFeatureFlag) {
    const plan = await planOf(companyId);
    if (flag !== 'useCampaigns' || plan.useCampaigns) return planAllowsFlag(plan, flag);
    const { campaignsEnabled } = await settings.read(companyId, ['campaignsEnabled']);
    return planAllowsFlag(plan, flag, campaignsEnabled);
  }
}

export type PlanRules = ReturnType<typeof createPlanRules>;
