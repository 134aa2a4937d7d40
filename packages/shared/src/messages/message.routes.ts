// The method and path of each route in message.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './message.contract.ts';

export const messageRoutes = routeRefs<typeof contracts.messageRoutes>({
  page: { method: 'GET', path: '/api/messages/:ticketId' },
  send: { method: 'POST', path: '/api/messages/:ticketId' },
  remove: { method: 'DELETE', path: '/api/messages/:id' },
  edit: { method: 'PUT', path: '/api/messages/:id' },
  react: { method: 'POST', path: '/api/messages/:id/reactions' },
});
