import { webhookRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['Webhooks'];

/** Admins only, and the plan's `useExternalApi` (webhooks are part of the external API). */
export function registerWebhooksRoutes(app: FastifyInstance, service: WebhooksService) {
  // The answers' schemas come from the contracts; the docs add the tag and a summary.
  const options = (summary: string) => ({
    preHandler: requireAdmin,
    config: { planFeature: 'useExternalApi' as const, docs: { tags, summary } },
  });

  route(
    app,
    webhookRoutes.list,
    (request) => service.list(request.session.companyId),
    options('The company’s webhook endpoints'),
  );
  route(
    app,
    webhookRoutes.create,
    (request) => service.create(request.session, request.session.companyId, request.body),
    options('Add an endpoint; the answer has its secret, shown once'),
  );
  route(
    app,
    webhookRoutes.find,
    (request) => service.find(request.session.companyId, request.params.id),
    options('One endpoint'),
  );
  route(
    app,
    webhookRoutes.update,
    (request) => service.update(request.session, request.session.companyId, request.params.id, request.body),
    options('Change an endpoint'),
  );
  route(
    app,
    webhookRoutes.remove,
    async (request) => {
      await service.remove(request.session, request.session.companyId, request.params.id);
      return { message: 'Webhook deleted' };
    },
    options('Delete an endpoint and its log'),
  );
  route(
    app,
    webhookRoutes.deliveries,
    (request) => service.deliveries(request.session.companyId, request.params.id, request.query.pageNumber),
    options('The delivery log, newest first'),
  );
  route(
    app,
    webhookRoutes.retry,
    (request) => service.retry(request.session.companyId, request.params.id, request.params.deliveryId),
    options('Send a delivery again now (same event id and body)'),
  );
}
