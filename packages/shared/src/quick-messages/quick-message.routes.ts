// The method and path of each route in quick-message.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './quick-message.contract.ts';

export const quickMessageRoutes = routeRefs<typeof contracts.quickMessageRoutes>({
  page: { method: 'GET', path: '/api/quick-messages' },
  list: { method: 'GET', path: '/api/quick-messages/list' },
  find: { method: 'GET', path: '/api/quick-messages/:id' },
  create: { method: 'POST', path: '/api/quick-messages' },
  update: { method: 'PUT', path: '/api/quick-messages/:id' },
  remove: { method: 'DELETE', path: '/api/quick-messages/:id' },
  uploadMedia: { method: 'POST', path: '/api/quick-messages/:id/media-upload' },
  removeMedia: { method: 'DELETE', path: '/api/quick-messages/:id/media-upload' },
});
