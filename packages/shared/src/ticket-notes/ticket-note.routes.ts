// The method and path of each route in ticket-note.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './ticket-note.contract.ts';

export const ticketNoteRoutes = routeRefs<typeof contracts.ticketNoteRoutes>({
  list: { method: 'GET', path: '/api/ticket-notes/list' },
  create: { method: 'POST', path: '/api/ticket-notes' },
  remove: { method: 'DELETE', path: '/api/ticket-notes/:id' },
});
