// The method and path of each route in company.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './company.contract.ts';

export const companyRoutes = routeRefs<typeof contracts.companyRoutes>({
  plan: { method: 'GET', path: '/api/companies/listPlan/:companyId' },
  usage: { method: 'GET', path: '/api/companies/usage' },
  page: { method: 'GET', path: '/api/companies' },
  list: { method: 'GET', path: '/api/companies/list' },
  create: { method: 'POST', path: '/api/companies' },
  find: { method: 'GET', path: '/api/companies/:id' },
  update: { method: 'PUT', path: '/api/companies/:id' },
  renew: { method: 'POST', path: '/api/companies/:id/renew' },
  remove: { method: 'DELETE', path: '/api/companies/:id' },
});
