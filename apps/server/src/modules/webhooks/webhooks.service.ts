import { randomBytes } from 'node:crypto';
import type { webhookFieldsSchema, webhookUpdateSchema } from '@wacrm/shared';
import { WEBHOOK_DELIVERIES_PAGE_SIZE, WEBHOOK_ENDPOINTS_MAX, type WebhookCreated } from '@wacrm/shared';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { assertOutboundUrlAllowed } from '../../platform/http/outbound-url.ts';
import { toEndpoint, type WebhooksRepository } from './webhooks.repository.ts';

type Fields = z.output<typeof webhookFieldsSchema>;
type Update = z.output<typeof webhookUpdateSchema>;

/** Endpoints of the company's outbound webhooks (admins; docs/decisions/public-api-and-webhooks.md). */
export function createWebhooksService(deps: {
  repository: WebhooksRepository;
  allowPrivate: boolean;
  /** The company's endpoints changed: drop the dispatcher's cached copy. */
  changed: (companyId: number) => void;
  enqueueAttempt: (companyId: number, deliveryId: number, attempt: number) => Promise<void>;
}) {
  const { repository } = deps;

  async function requireEndpoint(companyId: number, id: number) {
    const row = await repository.find(companyId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND');
    return row;
  }

  const checkUrl = (url: string) => assertOutboundUrlAllowed(url, { allowPrivate: deps.allowPrivate, field: 'url' });

  return {
    list: (companyId: number) => repository.list(companyId),

    async find(companyId: number, id: number) {
      return toEndpoint(await requireEndpoint(companyId, id));
    },

    /** The secret is answered here only: it is shown once. */
    async create(companyId: number, fields: Fields): Promise<WebhookCreated> {
      await checkUrl(fields.url);
      if ((await repository.countOf(companyId)) >= WEBHOOK_ENDPOINTS_MAX) {
        throw new AppError('ERR_WEBHOOK_LIMIT', { details: { limit: WEBHOOK_ENDPOINTS_MAX } });
      }
      const secret = `whsec_${randomBytes(24).toString('hex')}`;
      const row = await repository.insert(companyId, { ...fields, secret });
      deps.changed(companyId);
      return { ...toEndpoint(row), secret };
    },

    async update(companyId: number, id: number, fields: Update) {
      await requireEndpoint(companyId, id);
      if (fields.url) await checkUrl(fields.url);
      const row = await repository.update(companyId, id, fields);
      if (!row) throw new AppError('ERR_NOT_FOUND');
      deps.changed(companyId);
      return toEndpoint(row);
    },

    async remove(companyId: number, id: number) {
      if (!(await repository.remove(companyId, id))) throw new AppError('ERR_NOT_FOUND');
      deps.changed(companyId);
    },

    async deliveries(companyId: number, id: number, pageNumber: number) {
      await requireEndpoint(companyId, id);
      return repository.deliveriesPage(companyId, id, pageNumber, WEBHOOK_DELIVERIES_PAGE_SIZE);
    },

    /** "Send again": one more attempt now, with the same event id and body. */
    async retry(companyId: number, id: number, deliveryId: number) {
      await requireEndpoint(companyId, id);
      const reopened = await repository.reopen(companyId, id, deliveryId);
      if (!reopened) throw new AppError('ERR_NOT_FOUND');
      await deps.enqueueAttempt(companyId, deliveryId, reopened.attempts);
      return repository.findDelivery(companyId, id, deliveryId);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
