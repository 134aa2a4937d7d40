// The method and path of each route in kanban.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './kanban.contract.ts';

export const kanbanRoutes = routeRefs<typeof contracts.kanbanRoutes>({
  board: { method: 'GET', path: '/api/ticket/kanban' },
  move: { method: 'POST', path: '/api/ticket-tags/:ticketId/move' },
  addTag: { method: 'PUT', path: '/api/ticket-tags/:ticketId/:tagId' },
  clearLanes: { method: 'DELETE', path: '/api/ticket-tags/:ticketId' },
  orderLanes: { method: 'PUT', path: '/api/tags/kanban/order' },
});
