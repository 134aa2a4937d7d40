import { csvFileSchema, defineRoute } from '../common/route-contract.ts';
import { type ReportKind, reportKinds } from './report-kinds.ts';
import { reportAnswerSchema, reportQuerySchema } from './reports.schema.ts';

const reportRoute = (kind: ReportKind) =>
  defineRoute({ method: 'GET', path: `/api/reports/${kind}`, query: reportQuerySchema, response: reportAnswerSchema });
const reportCsvRoute = (kind: ReportKind) =>
  defineRoute({ method: 'GET', path: `/api/reports/${kind}.csv`, query: reportQuerySchema, response: csvFileSchema });

/**
 * The reports (issue 50): every profile may call them; attendants get their own figures only
 * (docs/decisions/reports.md). Each has a `.csv` twin answering exactly the table.
 */
export const reportRoutes = Object.fromEntries(reportKinds.map((kind) => [kind, reportRoute(kind)])) as Record<
  ReportKind,
  ReturnType<typeof reportRoute>
>;
export const reportCsvRoutes = Object.fromEntries(reportKinds.map((kind) => [kind, reportCsvRoute(kind)])) as Record<
  ReportKind,
  ReturnType<typeof reportCsvRoute>
>;
