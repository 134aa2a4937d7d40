// The method and path of each route in contact.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './contact.contract.ts';

export const contactRoutes = routeRefs<typeof contracts.contactRoutes>({
  page: { method: 'GET', path: '/api/contacts' },
  options: { method: 'GET', path: '/api/contacts/list' },
  exportCsv: { method: 'GET', path: '/api/contacts/export.csv' },
  upload: { method: 'POST', path: '/api/contacts/upload' },
  importFromPhone: { method: 'POST', path: '/api/contacts/import' },
  find: { method: 'GET', path: '/api/contacts/:id' },
  create: { method: 'POST', path: '/api/contacts' },
  update: { method: 'PUT', path: '/api/contacts/:id' },
  remove: { method: 'DELETE', path: '/api/contacts/:id' },
  removeAll: { method: 'DELETE', path: '/api/contacts' },
});
