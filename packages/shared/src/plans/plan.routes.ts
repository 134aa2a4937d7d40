// The method and path of each route in plan.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './plan.contract.ts';

export const planRoutes = routeRefs<typeof contracts.planRoutes>({
  listPublic: { method: 'GET', path: '/api/plans/list' },
  listAll: { method: 'GET', path: '/api/plans/all' },
  create: { method: 'POST', path: '/api/plans' },
  find: { method: 'GET', path: '/api/plans/:id' },
  update: { method: 'PUT', path: '/api/plans/:id' },
  remove: { method: 'DELETE', path: '/api/plans/:id' },
});
