import { slaRoutes } from '@wacrm/shared/sla/sla.routes';
import type { SlaPolicyFields } from '@wacrm/shared/sla/sla.schema';
import { http } from '../../../lib/api.ts';

export const slaKeys = {
  policies: (companyId: number) => ['sla', companyId, 'policies'] as const,
  breaches: (companyId: number, userId: number) => ['sla', companyId, 'breaches', userId] as const,
  weeklySummary: (companyId: number, userId: number) => ['sla', companyId, 'weekly-summary', userId] as const,
};

export const slaApi = {
  policies: () => http.call(slaRoutes.list),
  /** Silent: the dialog shows field errors itself. */
  create: (body: SlaPolicyFields) => http.call(slaRoutes.create, { body, silent: true }),
  update: (id: number, body: SlaPolicyFields) => http.call(slaRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(slaRoutes.remove, { params: { id } }),
  breaches: () => http.call(slaRoutes.breaches, { silent: true }),
  weeklySummary: () => http.call(slaRoutes.weeklySummary),
  setWeeklySummary: (subscribed: boolean) => http.call(slaRoutes.setWeeklySummary, { body: { subscribed } }),
};
