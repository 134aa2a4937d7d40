import type { Plan, PlanFields } from '@wacrm/shared/plans/plan.schema';
import { http } from '../../../lib/api.ts';

export const planAdminKeys = { all: () => ['plans', 'all'] as const };

/** The super user's plan catalogue. */
export const plansApi = {
  listAll: () => http.get<Plan[]>('/api/plans/all'),
  // The form shows its own hint next to the server's message.
  create: (fields: PlanFields) => http.post<Plan>('/api/plans', fields, { silent: true }),
  update: (id: number, fields: PlanFields) => http.put<Plan>(`/api/plans/${id}`, fields, { silent: true }),
  remove: (id: number) => http.delete<void>(`/api/plans/${id}`, { silent: true }),
};
