// The method and path of each route in health.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './health.contract.ts';

export const healthRoutes = routeRefs<typeof contracts.healthRoutes>({
  report: { method: 'GET', path: '/api/health' },
  ready: { method: 'GET', path: '/api/health/ready' },
});
