// The method and path of each route in connection.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './connection.contract.ts';

export const connectionRoutes = routeRefs<typeof contracts.connectionRoutes>({
  list: { method: 'GET', path: '/api/whatsapp' },
  providers: { method: 'GET', path: '/api/whatsapp/providers' },
  find: { method: 'GET', path: '/api/whatsapp/:id' },
  create: { method: 'POST', path: '/api/whatsapp' },
  update: { method: 'PUT', path: '/api/whatsapp/:id' },
  remove: { method: 'DELETE', path: '/api/whatsapp/:id' },
  startSession: { method: 'POST', path: '/api/whatsappsession/:id' },
  renewQr: { method: 'PUT', path: '/api/whatsappsession/:id' },
  disconnectSession: { method: 'DELETE', path: '/api/whatsappsession/:id' },
});
