import type { PlanFeatureFlag } from '@wacrm/shared';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { queues, users, whatsapps } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { defineGuard } from '../../platform/http/guards.ts';
import { createPlansRepository, type PlansRepository } from './plans.repository.ts';

export type PlanLimitedResource = 'users' | 'connections' | 'queues';

const countedTable = { users, connections: whatsapps, queues } as const;

/**
 * The plan's numbers and flags, enforced by the server (the menu only hides what the plan lacks).
 * Call `assertWithinLimit` inside the transaction that creates the resource.
 */
export function createPlanRules(plans: PlansRepository) {
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

    /** Guard (declare it as a preHandler): 403 ERR_PLAN_FEATURE_DISABLED when the caller's plan lacks the feature. */
    requireFeature(flag: PlanFeatureFlag) {
      return defineGuard(async (request) => {
        const plan = await planOf(request.session.companyId);
        if (!plan[flag]) throw new AppError('ERR_PLAN_FEATURE_DISABLED', { details: { feature: flag } });
      });
    },
  };
}

export type PlanRules = ReturnType<typeof createPlanRules>;
