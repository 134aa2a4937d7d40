// The method and path of each route in user.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './user.contract.ts';

export const userRoutes = routeRefs<typeof contracts.userRoutes>({
  setLanguage: { method: 'POST', path: '/api/users/set-language/:lang' },
  pause: { method: 'POST', path: '/api/users/me/pause' },
  page: { method: 'GET', path: '/api/users/' },
  options: { method: 'GET', path: '/api/users/list' },
  find: { method: 'GET', path: '/api/users/:id' },
  workload: { method: 'GET', path: '/api/users/:id/workload' },
  create: { method: 'POST', path: '/api/users' },
  update: { method: 'PUT', path: '/api/users/:id' },
  remove: { method: 'DELETE', path: '/api/users/:id' },
});
