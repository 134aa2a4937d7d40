import { webhookRoutes } from '@wacrm/shared/webhooks/webhook.routes';
import type { WebhookFields } from '@wacrm/shared/webhooks/webhook.schema';
import { http } from '../../../lib/api.ts';

export const webhooksKeys = {
  list: ['webhooks'] as const,
  deliveries: (id: number, page: number) => ['webhooks', id, 'deliveries', page] as const,
};

export const webhooksApi = {
  list: () => http.call(webhookRoutes.list),
  /** Silent: the dialog shows the errors itself. */
  create: (body: WebhookFields) => http.call(webhookRoutes.create, { body, silent: true }),
  update: (id: number, body: Partial<WebhookFields>) =>
    http.call(webhookRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(webhookRoutes.remove, { params: { id } }),
  deliveries: (id: number, pageNumber: number) =>
    http.call(webhookRoutes.deliveries, { params: { id }, query: { pageNumber } }),
  retry: (id: number, deliveryId: number) => http.call(webhookRoutes.retry, { params: { id, deliveryId } }),
};
