// The method and path of each route in queue.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './queue.contract.ts';

export const queueRoutes = routeRefs<typeof contracts.queueRoutes>({
  list: { method: 'GET', path: '/api/queue' },
  find: { method: 'GET', path: '/api/queue/:id' },
  create: { method: 'POST', path: '/api/queue' },
  update: { method: 'PUT', path: '/api/queue/:id' },
  remove: { method: 'DELETE', path: '/api/queue/:id' },
  options: { method: 'GET', path: '/api/queue-options' },
  createOption: { method: 'POST', path: '/api/queue-options' },
  updateOption: { method: 'PUT', path: '/api/queue-options/:id' },
  removeOption: { method: 'DELETE', path: '/api/queue-options/:id' },
});
