import { planRoutes } from '@wacrm/shared/plans/plan.routes';
import type { PlanFields } from '@wacrm/shared/plans/plan.schema';
import { http } from '../../../lib/api.ts';

export const planAdminKeys = { all: () => ['plans', 'all'] as const };

/** The super user's plan catalogue. */
export const plansApi = {
  listAll: () => http.call(planRoutes.listAll),
  // The form shows its own hint next to the server's message.
  create: (body: PlanFields) => http.call(planRoutes.create, { body, silent: true }),
  update: (id: number, body: PlanFields) => http.call(planRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(planRoutes.remove, { params: { id }, silent: true }),
};
