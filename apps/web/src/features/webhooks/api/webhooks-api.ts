import type {
  WebhookCreated,
  WebhookDeliveriesPage,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookFields,
} from '@wacrm/shared/webhooks/webhook.schema';
import { http } from '../../../lib/api.ts';

export const webhooksKeys = {
  list: ['webhooks'] as const,
  deliveries: (id: number, page: number) => ['webhooks', id, 'deliveries', page] as const,
};

export const webhooksApi = {
  list: () => http.get<WebhookEndpoint[]>('/api/webhooks'),
  /** Silent: the dialog shows the errors itself. */
  create: (body: WebhookFields) => http.post<WebhookCreated>('/api/webhooks', body, { silent: true }),
  update: (id: number, body: Partial<WebhookFields>) =>
    http.put<WebhookEndpoint>(`/api/webhooks/${id}`, body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/api/webhooks/${id}`),
  deliveries: (id: number, pageNumber: number) =>
    http.get<WebhookDeliveriesPage>(`/api/webhooks/${id}/deliveries`, { query: { pageNumber } }),
  retry: (id: number, deliveryId: number) =>
    http.post<WebhookDelivery>(`/api/webhooks/${id}/deliveries/${deliveryId}/retry`, {}),
};
