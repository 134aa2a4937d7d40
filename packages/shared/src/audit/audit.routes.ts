// The method and path of each route in audit.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './audit.contract.ts';

export const auditRoutes = routeRefs<typeof contracts.auditRoutes>({
  page: { method: 'GET', path: '/api/audit-log' },
  exportCsv: { method: 'GET', path: '/api/audit-log.csv' },
});
