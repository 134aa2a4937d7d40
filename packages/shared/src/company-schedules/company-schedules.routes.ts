// The method and path of each route in company-schedules.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './company-schedules.contract.ts';

export const companySchedulesRoutes = routeRefs<typeof contracts.companySchedulesRoutes>({
  get: { method: 'GET', path: '/api/companies/:id/schedules' },
  save: { method: 'PUT', path: '/api/companies/:id/schedules' },
});
