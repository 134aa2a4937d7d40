// The method and path of each route in reports.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import { type ReportKind, reportKinds } from './report-kinds.ts';
import type * as contracts from './reports.contract.ts';

const refsOf = <Path extends string>(path: (kind: ReportKind) => Path) =>
  Object.fromEntries(reportKinds.map((kind) => [kind, { method: 'GET' as const, path: path(kind) }])) as Record<
    ReportKind,
    { method: 'GET'; path: Path }
  >;

export const reportRouteRefs = routeRefs<typeof contracts.reportRoutes>(
  refsOf((kind) => `/api/reports/${kind}` as const),
);
export const reportCsvRouteRefs = routeRefs<typeof contracts.reportCsvRoutes>(
  refsOf((kind) => `/api/reports/${kind}.csv` as const),
);
