import type { PlanFields } from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import { createPlansRepository } from './plans.repository.ts';

/**
 * The super user's plan catalogue. Each change runs in one transaction with its audit entry,
 * written under the super user's own company (plans are the platform's, not a tenant's).
 */
export function createPlansService(db: Database, audit: AuditLog) {
  const repository = createPlansRepository(db);

  async function assertNameFree(tx: Database, name: string, exceptId?: number) {
    const existing = await createPlansRepository(tx).findByName(name);
    if (existing && existing.id !== exceptId)
      throw new AppError('ERR_PLAN_NAME_IN_USE', { fields: { name: 'In use' } });
  }

  /** The unique index is the last word when two requests race past the check above. */
  async function withNameConflict<T>(work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ERR_PLAN_NAME_IN_USE', { fields: { name: 'In use' } });
      throw error;
    }
  }

  return {
    listPublic: () => repository.listPublic(),
    listAll: () => repository.listAll(),

    async find(id: number) {
      const plan = await repository.findById(id);
      if (!plan) throw new AppError('ERR_NOT_FOUND');
      return plan;
    },

    create: (actor: AuditActor, fields: PlanFields) =>
      withNameConflict(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, fields.name);
          const { id, ...after } = await createPlansRepository(tx).create(fields);
          await audit.record(tx, actor, { action: 'plan.created', entityType: 'plan', entityId: id, after });
          return { id, ...after };
        }),
      ),

    update: (actor: AuditActor, id: number, fields: PlanFields) =>
      withNameConflict(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, fields.name, id);
          const plansInTx = createPlansRepository(tx);
          const before = await plansInTx.findById(id);
          const plan = before && (await plansInTx.update(id, fields));
          if (!plan) throw new AppError('ERR_NOT_FOUND');
          await audit.record(tx, actor, {
            action: 'plan.updated',
            entityType: 'plan',
            entityId: id,
            before,
            after: plan,
          });
          return plan;
        }),
      ),

    /** spec: deleting a plan that companies use is refused with a clear code. */
    remove: (actor: AuditActor, id: number) =>
      db.transaction(async (tx) => {
        const plansInTx = createPlansRepository(tx);
        const before = await plansInTx.findById(id);
        if (!before) throw new AppError('ERR_NOT_FOUND');
        const companies = await plansInTx.countCompaniesOnPlan(id);
        if (companies > 0) throw new AppError('ERR_PLAN_IN_USE', { details: { companies } });
        await plansInTx.remove(id);
        await audit.record(tx, actor, { action: 'plan.deleted', entityType: 'plan', entityId: id, before });
      }),
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
