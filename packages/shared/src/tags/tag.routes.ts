// The method and path of each route in tag.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './tag.contract.ts';

export const tagRoutes = routeRefs<typeof contracts.tagRoutes>({
  page: { method: 'GET', path: '/api/tags/' },
  list: { method: 'GET', path: '/api/tags/list' },
  kanban: { method: 'GET', path: '/api/tags/kanban' },
  find: { method: 'GET', path: '/api/tags/:id' },
  create: { method: 'POST', path: '/api/tags' },
  sync: { method: 'POST', path: '/api/tags/sync' },
  update: { method: 'PUT', path: '/api/tags/:id' },
  remove: { method: 'DELETE', path: '/api/tags/:id' },
});
