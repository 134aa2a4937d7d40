// The method and path of each route in dead-letter.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './dead-letter.contract.ts';

export const deadLetterRoutes = routeRefs<typeof contracts.deadLetterRoutes>({
  list: { method: 'GET', path: '/api/dead-letters' },
  remove: { method: 'DELETE', path: '/api/dead-letters/:id' },
});
