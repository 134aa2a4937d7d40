import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
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
} from './webhook.schema.ts';

/** The webhook endpoints of the company and their delivery log (part of the external API). */
export const webhookRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/webhooks', response: z.array(webhookEndpointSchema) }),
  /** The only answer with the endpoint's secret: it is shown once. */
  create: defineRoute({
    method: 'POST',
    path: '/api/webhooks',
    body: webhookFieldsSchema,
    response: webhookCreatedSchema,
    status: 201,
  }),
  find: defineRoute({
    method: 'GET',
    path: '/api/webhooks/:id',
    params: webhookIdParamsSchema,
    response: webhookEndpointSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/webhooks/:id',
    params: webhookIdParamsSchema,
    body: webhookUpdateSchema,
    response: webhookEndpointSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/webhooks/:id',
    params: webhookIdParamsSchema,
    response: z.object({ message: z.string() }),
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    params: webhookIdParamsSchema,
    query: webhookDeliveriesQuerySchema,
    response: webhookDeliveriesPageSchema,
  }),
  /**
   * Sends a delivery again now (same event id and body). Answers the delivery as reopened; null
   * only when it was deleted (with its endpoint) in between.
   */
  retry: defineRoute({
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/retry',
    params: webhookDeliveryParamsSchema,
    response: webhookDeliverySchema.nullable(),
  }),
};
