import type { PlanFields } from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { createPlansRepository } from './plans.repository.ts';

/** The super user's plan catalogue. Each change runs in one transaction. */
export function createPlansService(db: Database) {
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

    create: (fields: PlanFields) =>
      withNameConflict(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, fields.name);
          return createPlansRepository(tx).create(fields);
        }),
      ),

    update: (id: number, fields: PlanFields) =>
      withNameConflict(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, fields.name, id);
          const plan = await createPlansRepository(tx).update(id, fields);
          if (!plan) throw new AppError('ERR_NOT_FOUND');
          return plan;
        }),
      ),

    /** spec: deleting a plan that companies use is refused with a clear code. */
    remove: (id: number) =>
      db.transaction(async (tx) => {
        const plansInTx = createPlansRepository(tx);
        if (!(await plansInTx.findById(id))) throw new AppError('ERR_NOT_FOUND');
        const companies = await plansInTx.countCompaniesOnPlan(id);
        if (companies > 0) throw new AppError('ERR_PLAN_IN_USE', { details: { companies } });
        await plansInTx.remove(id);
      }),
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
