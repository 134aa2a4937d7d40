import { timingSafeEqual } from 'node:crypto';
import {
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  type PixWebhookBody,
  pixWebhookBodySchema,
  subscriptionBodySchema,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.ts';
import { defineGuard, requireAdmin } from '../../platform/http/guards.ts';
import type { BillingService } from './billing.service.ts';

/**
 * Invoices and the checkout are for admins (the super user sees every company's invoices); an
 * expired company's admin still reaches them (`billing: true`). No plan flag: paying must work
 * whatever the plan holds. The Pix callbacks are public and checked by the shared secret.
 */
export function registerBillingRoutes(app: FastifyInstance, service: BillingService, webhookSecret: string | null) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const billing = { config: { billing: true }, preHandler: requireAdmin };

  api.get('/api/invoices', { ...billing, schema: { querystring: invoiceListQuerySchema } }, (request) =>
    service.list(request.session, request.query),
  );

  api.get('/api/invoices/:id', { ...billing, schema: { params: invoiceIdParamsSchema } }, (request) =>
    service.find(request.session, request.params.id),
  );

  api.get('/api/subscription', billing, (request) => service.overview(request.session));

  api.post('/api/subscription', { ...billing, schema: { body: subscriptionBodySchema } }, (request) =>
    service.checkout(request.session, request.body),
  );

  // Authenticated before the body is read, like every other guard.
  const requireWebhookSecret = defineGuard(async (request) => {
    if (!webhookSecret || !secretMatches(presentedSecret(request), webhookSecret)) {
      throw new AppError('ERR_WEBHOOK_UNAUTHORIZED');
    }
  });
  const webhook = {
    config: { public: true },
    preHandler: requireWebhookSecret,
    schema: { body: pixWebhookBodySchema },
  };
  const receive = async (body: PixWebhookBody) => {
    const outcomes = [];
    for (const pix of body.pix ?? []) {
      outcomes.push(
        await service.receivePayment({
          endToEndId: pix.endToEndId,
          txid: pix.txid ?? null,
          amount: Number(pix.valor),
          paidAt: pix.horario && !Number.isNaN(Date.parse(pix.horario)) ? new Date(pix.horario) : null,
        }),
      );
    }
    return { received: outcomes.length };
  };
  // PSPs append `/pix` to the URL they were given.
  api.post('/api/payments/pix/webhook', webhook, (request) => receive(request.body));
  api.post('/api/payments/pix/webhook/pix', webhook, (request) => receive(request.body));
}

function presentedSecret(request: FastifyRequest) {
  const header = request.headers?.['x-webhook-secret'];
  if (typeof header === 'string' && header) return header;
  const query = request.query as { hmac?: unknown } | undefined;
  return typeof query?.hmac === 'string' ? query.hmac : '';
}

function secretMatches(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
