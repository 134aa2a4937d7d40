// The method and path of each route in queue-monitor.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './queue-monitor.contract.ts';

export const queueMonitorRoutes = routeRefs<typeof contracts.queueMonitorRoutes>({
  monitor: { method: 'GET', path: '/api/queues/monitor' },
  waiting: { method: 'GET', path: '/api/queues/monitor/:id/waiting' },
});
