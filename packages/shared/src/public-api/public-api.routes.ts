// The method and path of each route in public-api.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './public-api.contract.ts';

export const publicApiRoutes = routeRefs<typeof contracts.publicApiRoutes>({
  send: { method: 'POST', path: '/api/messages/send' },
  status: { method: 'GET', path: '/api/messages/send/:id' },
  edit: { method: 'PUT', path: '/api/messages/send/:id' },
  react: { method: 'POST', path: '/api/messages/send/:id/reactions' },
});
