// The method and path of each route in sla.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './sla.contract.ts';

export const slaRoutes = routeRefs<typeof contracts.slaRoutes>({
  list: { method: 'GET', path: '/api/sla-policies' },
  find: { method: 'GET', path: '/api/sla-policies/:id' },
  create: { method: 'POST', path: '/api/sla-policies' },
  update: { method: 'PUT', path: '/api/sla-policies/:id' },
  remove: { method: 'DELETE', path: '/api/sla-policies/:id' },
  breaches: { method: 'GET', path: '/api/sla/breaches' },
  weeklySummary: { method: 'GET', path: '/api/sla/weekly-summary' },
  setWeeklySummary: { method: 'PUT', path: '/api/sla/weekly-summary' },
});
