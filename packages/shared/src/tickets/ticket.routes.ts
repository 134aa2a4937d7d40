// The method and path of each route in ticket.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './ticket.contract.ts';

export const ticketRoutes = routeRefs<typeof contracts.ticketRoutes>({
  list: { method: 'GET', path: '/api/tickets' },
  findByUuid: { method: 'GET', path: '/api/tickets/u/:uuid' },
  find: { method: 'GET', path: '/api/tickets/:ticketId' },
  create: { method: 'POST', path: '/api/tickets' },
  update: { method: 'PUT', path: '/api/tickets/:ticketId' },
  markRead: { method: 'POST', path: '/api/tickets/:ticketId/read' },
  remove: { method: 'DELETE', path: '/api/tickets/:ticketId' },
});
