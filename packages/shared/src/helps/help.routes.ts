// The method and path of each route in help.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './help.contract.ts';

export const helpRoutes = routeRefs<typeof contracts.helpRoutes>({
  list: { method: 'GET', path: '/api/helps/list' },
  create: { method: 'POST', path: '/api/helps' },
  update: { method: 'PUT', path: '/api/helps/:id' },
  remove: { method: 'DELETE', path: '/api/helps/:id' },
});
