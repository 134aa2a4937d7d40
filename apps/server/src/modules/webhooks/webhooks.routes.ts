import {
  webhookCreatedSchema,
  webhookDeliveriesPageSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookFieldsSchema,
  webhookIdParamsSchema,
  webhookUpdateSchema,
} from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['Webhooks'];

/** Admins only, and the plan's `useExternalApi` (webhooks are part of the external API). */
export function registerWebhooksRoutes(app: FastifyInstance, service: WebhooksService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = { preHandler: requireAdmin };
  const config = (summary: string, responses: Record<number, z.ZodType>) => ({
    planFeature: 'useExternalApi' as const,
    docs: { tags, summary, responses },
  });

  api.get(
    '/api/webhooks',
    { ...base, config: config('The company’s webhook endpoints', { 200: z.array(webhookEndpointSchema) }) },
    (request) => service.list(request.session.companyId),
  );
  api.post(
    '/api/webhooks',
    {
      ...base,
      schema: { body: webhookFieldsSchema },
      config: config('Add an endpoint; the answer has its secret, shown once', { 201: webhookCreatedSchema }),
    },
    async (request, reply) => reply.status(201).send(await service.create(request.session.companyId, request.body)),
  );
  api.get(
    '/api/webhooks/:id',
    {
      ...base,
      schema: { params: webhookIdParamsSchema },
      config: config('One endpoint', { 200: webhookEndpointSchema }),
    },
    (request) => service.find(request.session.companyId, request.params.id),
  );
  api.put(
    '/api/webhooks/:id',
    {
      ...base,
      schema: { params: webhookIdParamsSchema, body: webhookUpdateSchema },
      config: config('Change an endpoint', { 200: webhookEndpointSchema }),
    },
    (request) => service.update(request.session.companyId, request.params.id, request.body),
  );
  api.delete(
    '/api/webhooks/:id',
    { ...base, schema: { params: webhookIdParamsSchema }, config: config('Delete an endpoint and its log', {}) },
    async (request) => {
      await service.remove(request.session.companyId, request.params.id);
      return { message: 'Webhook deleted' };
    },
  );
  api.get(
    '/api/webhooks/:id/deliveries',
    {
      ...base,
      schema: { params: webhookIdParamsSchema, querystring: webhookDeliveriesQuerySchema },
      config: config('The delivery log, newest first', { 200: webhookDeliveriesPageSchema }),
    },
    (request) => service.deliveries(request.session.companyId, request.params.id, request.query.pageNumber),
  );
  api.post(
    '/api/webhooks/:id/deliveries/:deliveryId/retry',
    {
      ...base,
      schema: { params: webhookDeliveryParamsSchema },
      config: config('Send a delivery again now (same event id and body)', { 200: webhookDeliverySchema }),
    },
    (request) => service.retry(request.session.companyId, request.params.id, request.params.deliveryId),
  );
}
