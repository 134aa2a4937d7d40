// The method and path of each route in dashboard.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './dashboard.contract.ts';

export const dashboardRoutes = routeRefs<typeof contracts.dashboardRoutes>({
  summary: { method: 'GET', path: '/api/dashboard' },
  ticketsByUser: { method: 'GET', path: '/api/dashboard/ticketsUsers' },
  ticketsByDay: { method: 'GET', path: '/api/dashboard/ticketsDay' },
});
