import type { PlanFields } from '@wacrm/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { companies, plans } from '../../tables.ts';

const planColumns = {
  id: plans.id,
  name: plans.name,
  users: plans.users,
  connections: plans.connections,
  queues: plans.queues,
  value: plans.value,
  useCampaigns: plans.useCampaigns,
  useKanban: plans.useKanban,
  useOpenAi: plans.useOpenAi,
  useIntegrations: plans.useIntegrations,
  useSchedules: plans.useSchedules,
  useInternalChat: plans.useInternalChat,
  useExternalApi: plans.useExternalApi,
};

/** Plans are the platform's, not a tenant's: no company filter here. */
export function createPlansRepository(db: Database) {
  return {
    listPublic: () =>
      db
        .select({
          id: plans.id,
          name: plans.name,
          users: plans.users,
          connections: plans.connections,
          queues: plans.queues,
          value: plans.value,
        })
        .from(plans)
        .orderBy(asc(plans.value), asc(plans.id)),

    listAll: () => db.select(planColumns).from(plans).orderBy(asc(plans.value), asc(plans.id)),

    async findById(id: number) {
      const [row] = await db.select(planColumns).from(plans).where(eq(plans.id, id));
      return row ?? null;
    },

    /** Case-insensitive, so "Basic" and "basic" cannot both exist. */
    async findByName(name: string) {
      const [row] = await db
        .select({ id: plans.id })
        .from(plans)
        .where(eq(sql`lower(${plans.name})`, name.toLowerCase()));
      return row ?? null;
    },

    async create(fields: PlanFields) {
      const [row] = await db.insert(plans).values(fields).returning(planColumns);
      return row;
    },

    async update(id: number, fields: PlanFields) {
      const [row] = await db
        .update(plans)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(plans.id, id))
        .returning(planColumns);
      return row ?? null;
    },

    async remove(id: number) {
      const rows = await db.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id });
      return rows.length > 0;
    },

    async countCompaniesOnPlan(id: number) {
      const [{ value }] = await db.select({ value: count() }).from(companies).where(eq(companies.planId, id));
      return value;
    },

    async findPlanOfCompany(companyId: number) {
      const [row] = await db
        .select(planColumns)
        .from(companies)
        .innerJoin(plans, eq(plans.id, companies.planId))
        .where(eq(companies.id, companyId));
      return row ?? null;
    },
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
