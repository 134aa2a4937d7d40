import { randomBytes } from 'node:crypto';
import type { webhookFieldsSchema, webhookUpdateSchema } from '@wacrm/shared';
import { WEBHOOK_DELIVERIES_PAGE_SIZE, WEBHOOK_ENDPOINTS_MAX, type WebhookCreated } from '@wacrm/shared';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { assertOutboundUrlAllowed } from '../../platform/http/outbound-url.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import { createWebhooksRepository, toEndpoint, type WebhooksRepository } from './webhooks.repository.ts';

type Fields = z.output<typeof webhookFieldsSchema>;
type Update = z.output<typeof webhookUpdateSchema>;

/** Endpoints of the company's outbound webhooks (admins; docs/decisions/public-api-and-webhooks.md). */
export function createWebhooksService(deps: {
  repository: WebhooksRepository;
  allowPrivate: boolean;
  /** The company's endpoints changed: drop the dispatcher's cached copy. */
  changed: (companyId: number) => void;
  enqueueAttempt: (companyId: number, deliveryId: number, attempt: number) => Promise<void>;
  /** Endpoint changes are written with their audit entry in one transaction. */
  db: Database;
  audit: AuditLog;
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
    async create(actor: AuditActor, companyId: number, fields: Fields): Promise<WebhookCreated> {
      await checkUrl(fields.url);
      if ((await repository.countOf(companyId)) >= WEBHOOK_ENDPOINTS_MAX) {
        throw new AppError('ERR_WEBHOOK_LIMIT', { details: { limit: WEBHOOK_ENDPOINTS_MAX } });
      }
      const secret = `whsec_${randomBytes(24).toString('hex')}`;
      const row = await deps.db.transaction(async (tx) => {
        const inserted = await createWebhooksRepository(tx).insert(companyId, { ...fields, secret });
        // The signing secret is never written to the log (its name hides it).
        await deps.audit.record(tx, actor, {
          action: 'webhook.created',
          entityType: 'webhook',
          entityId: inserted.id,
          after: { ...auditView(inserted), secret: 'set' },
        });
        return inserted;
      });
      deps.changed(companyId);
      return { ...toEndpoint(row), secret };
    },

    async update(actor: AuditActor, companyId: number, id: number, fields: Update) {
      const before = await requireEndpoint(companyId, id);
      if (fields.url) await checkUrl(fields.url);
      const row = await deps.db.transaction(async (tx) => {
        const updated = await createWebhooksRepository(tx).update(companyId, id, fields);
        if (!updated) throw new AppError('ERR_NOT_FOUND');
        await deps.audit.record(tx, actor, {
          action: 'webhook.updated',
          entityType: 'webhook',
          entityId: id,
          before: auditView(before),
          after: auditView(updated),
        });
        return updated;
      });
      deps.changed(companyId);
      return toEndpoint(row);
    },

    async remove(actor: AuditActor, companyId: number, id: number) {
      const before = await requireEndpoint(companyId, id);
      await deps.db.transaction(async (tx) => {
        if (!(await createWebhooksRepository(tx).remove(companyId, id))) throw new AppError('ERR_NOT_FOUND');
        await deps.audit.record(tx, actor, {
          action: 'webhook.deleted',
          entityType: 'webhook',
          entityId: id,
          before: auditView(before),
        });
      });
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

/** An endpoint's fields as the audit log compares them (never its secret). */
function auditView(row: { url: string; events: unknown; active: boolean }) {
  return { url: row.url, events: row.events, active: row.active };
}
