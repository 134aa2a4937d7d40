// The method and path of each route in push.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './push.contract.ts';

export const pushRoutes = routeRefs<typeof contracts.pushRoutes>({
  vapidPublicKey: { method: 'GET', path: '/api/push/vapid-public-key' },
  list: { method: 'GET', path: '/api/push/subscriptions' },
  subscribe: { method: 'POST', path: '/api/push/subscriptions' },
  find: { method: 'GET', path: '/api/push/subscriptions/:id' },
  remove: { method: 'DELETE', path: '/api/push/subscriptions/:id' },
});
