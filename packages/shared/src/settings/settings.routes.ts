// The method and path of each route in settings.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './settings.contract.ts';

export const settingRoutes = routeRefs<typeof contracts.settingRoutes>({
  list: { method: 'GET', path: '/api/settings' },
  timeZone: { method: 'GET', path: '/api/settings/time-zone' },
  update: { method: 'PUT', path: '/api/settings/:key' },
  listOfCompany: { method: 'GET', path: '/api/companies/:id/settings' },
  updateOfCompany: { method: 'PUT', path: '/api/companies/:id/settings/:key' },
});
