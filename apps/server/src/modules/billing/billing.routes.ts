import { timingSafeEqual } from 'node:crypto';
import { billingRoutes, type PixWebhookBody } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { defineGuard, requireAdmin } from '../../platform/http/guards.ts';
import type { BillingService } from './billing.service.ts';

/**
 * Invoices and the checkout are for admins (the super user sees every company's invoices); an
 * expired company's admin still reaches them (`billing: true`). No plan flag: paying must work
 * whatever the plan holds. The Pix callbacks are public and checked by the shared secret.
 */
export function registerBillingRoutes(app: FastifyInstance, service: BillingService, webhookSecret: string | null) {
  const billing = { config: { billing: true }, preHandler: requireAdmin };

  route(app, billingRoutes.invoices, (request) => service.list(request.session, request.query), billing);

  route(app, billingRoutes.invoice, (request) => service.find(request.session, request.params.id), billing);

  route(app, billingRoutes.subscription, (request) => service.overview(request.session), billing);

  route(app, billingRoutes.checkout, (request) => service.checkout(request.session, request.body), billing);

  // Authenticated before the body is read, like every other guard.
  const requireWebhookSecret = defineGuard(async (request) => {
    if (!webhookSecret || !secretMatches(presentedSecret(request), webhookSecret)) {
      throw new AppError('ERR_WEBHOOK_UNAUTHORIZED');
    }
  });
  const webhook = { config: { public: true }, preHandler: requireWebhookSecret };
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
  for (const path of [billingRoutes.pixWebhook.path, `${billingRoutes.pixWebhook.path}/pix`] as const) {
    route(app, { ...billingRoutes.pixWebhook, path }, (request) => receive(request.body), webhook);
  }
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
