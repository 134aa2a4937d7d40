// The method and path of each route in webhook.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './webhook.contract.ts';

export const webhookRoutes = routeRefs<typeof contracts.webhookRoutes>({
  list: { method: 'GET', path: '/api/webhooks' },
  create: { method: 'POST', path: '/api/webhooks' },
  find: { method: 'GET', path: '/api/webhooks/:id' },
  update: { method: 'PUT', path: '/api/webhooks/:id' },
  remove: { method: 'DELETE', path: '/api/webhooks/:id' },
  deliveries: { method: 'GET', path: '/api/webhooks/:id/deliveries' },
  retry: { method: 'POST', path: '/api/webhooks/:id/deliveries/:deliveryId/retry' },
});
