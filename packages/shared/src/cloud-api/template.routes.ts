// The method and path of each route in template.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './template.contract.ts';

export const templateRoutes = routeRefs<typeof contracts.templateRoutes>({
  list: { method: 'GET', path: '/api/whatsapp/:id/templates' },
  sync: { method: 'POST', path: '/api/whatsapp/:id/templates/sync' },
});
