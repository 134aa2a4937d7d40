import type { ReportKind } from '@wacrm/shared/reports/report-kinds';
import { reportRouteRefs } from '@wacrm/shared/reports/reports.routes';
import type { ReportQueryInput } from '@wacrm/shared/reports/reports.schema';
import { http } from '../../../lib/api.ts';

export const reportsKeys = {
  all: (companyId: number) => ['reports', companyId] as const,
  report: (companyId: number, kind: ReportKind, query: ReportQueryInput) =>
    ['reports', companyId, kind, query] as const,
};

export const reportsApi = {
  report: (kind: ReportKind, query: ReportQueryInput, signal?: AbortSignal) =>
    http.call(reportRouteRefs[kind], { query, signal }),
};
