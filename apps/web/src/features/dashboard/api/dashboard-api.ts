import { dashboardRoutes } from '@wacrm/shared/dashboard/dashboard.routes';
import type { DashboardQuery, DashboardRangeQuery } from '@wacrm/shared/dashboard/dashboard.schema';
import { http } from '../../../lib/api.ts';

export type DashboardChart = 'byUser' | 'byDay';

export const dashboardKeys = {
  all: (companyId: number) => ['dashboard', companyId] as const,
  summary: (companyId: number, query: DashboardQuery) => ['dashboard', companyId, 'summary', query] as const,
  /** Every range of one chart. */
  chart: (companyId: number, chart: DashboardChart) => ['dashboard', companyId, chart] as const,
  byUser: (companyId: number, range: DashboardRangeQuery) =>
    [...dashboardKeys.chart(companyId, 'byUser'), range] as const,
  byDay: (companyId: number, range: DashboardRangeQuery) =>
    [...dashboardKeys.chart(companyId, 'byDay'), range] as const,
};

export const dashboardApi = {
  summary: (query: DashboardQuery, signal?: AbortSignal) => http.call(dashboardRoutes.summary, { query, signal }),
  // The charts show their own failure toasts (spec), so the default one is skipped.
  ticketsByUser: (range: DashboardRangeQuery, signal?: AbortSignal) =>
    http.call(dashboardRoutes.ticketsByUser, { query: range, signal, silent: true }),
  ticketsByDay: (range: DashboardRangeQuery, signal?: AbortSignal) =>
    http.call(dashboardRoutes.ticketsByDay, { query: range, signal, silent: true }),
};
