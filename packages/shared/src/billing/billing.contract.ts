import { defineRoute } from '../common/route-contract.ts';
import {
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceRecordSchema,
  invoicesPageSchema,
  pixWebhookAnswerSchema,
  pixWebhookBodySchema,
  subscriptionAnswerSchema,
  subscriptionBodySchema,
  subscriptionOverviewSchema,
} from './invoice.schema.ts';

/**
 * Invoices and the checkout (admins; the super user sees every company's invoices), and the Pix
 * API's callback, public and checked by the shared secret (docs/decisions/billing.md).
 */
export const billingRoutes = {
  invoices: defineRoute({
    method: 'GET',
    path: '/api/invoices',
    query: invoiceListQuerySchema,
    response: invoicesPageSchema,
  }),
  invoice: defineRoute({
    method: 'GET',
    path: '/api/invoices/:id',
    params: invoiceIdParamsSchema,
    response: invoiceRecordSchema,
  }),
  subscription: defineRoute({ method: 'GET', path: '/api/subscription', response: subscriptionOverviewSchema }),
  /** A Pix charge for an invoice or a plan; the amount always comes from the server. */
  checkout: defineRoute({
    method: 'POST',
    path: '/api/subscription',
    body: subscriptionBodySchema,
    response: subscriptionAnswerSchema,
  }),
  /** PSPs append `/pix` to the URL they were given: the server answers both paths. */
  pixWebhook: defineRoute({
    method: 'POST',
    path: '/api/payments/pix/webhook',
    body: pixWebhookBodySchema,
    response: pixWebhookAnswerSchema,
  }),
};
