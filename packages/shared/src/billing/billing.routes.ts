// The method and path of each route in billing.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './billing.contract.ts';

export const billingRoutes = routeRefs<typeof contracts.billingRoutes>({
  invoices: { method: 'GET', path: '/api/invoices' },
  invoice: { method: 'GET', path: '/api/invoices/:id' },
  subscription: { method: 'GET', path: '/api/subscription' },
  checkout: { method: 'POST', path: '/api/subscription' },
  pixWebhook: { method: 'POST', path: '/api/payments/pix/webhook' },
});
