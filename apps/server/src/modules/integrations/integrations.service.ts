import {
  maskSecret,
  type PromptFields,
  type PromptRecord,
  QUEUE_INTEGRATIONS_PAGE_SIZE,
  type QueueIntegrationFields,
  type QueueIntegrationListQuery,
  type QueueIntegrationRecord,
  type QueueIntegrationType,
} from '@wacrm/shared';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { assertOutboundUrlAllowed } from '../../platform/http/outbound-url.ts';
import { flows, queues } from '../../tables.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import { createConnectionsRepository } from '../connections/index.ts';
import { createQueuesRepository } from '../queues/index.ts';
import { ticketWrites } from '../tickets/index.ts';
import type { IntegrationsRealtime } from './integrations.realtime.ts';
import { prompts, queueIntegrations } from './integrations.tables.ts';
import { integrationAuditView, integrationSecrets, promptAuditView, promptSecrets } from './integrations-audit-view.ts';
import { parseServiceAccount } from './runtimes/service-account.ts';

type PromptRow = typeof prompts.$inferSelect;
type IntegrationRow = typeof queueIntegrations.$inferSelect;

const required = (field: string) => new AppError('ERR_VALIDATION', { fields: { [field]: 'Required' } });
/** A blank secret in a form means "keep the stored one". */
const typed = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * A write-only secret as a form or an API client sends it back: blank, or exactly the mask it was
 * answered with (a record read and saved back unchanged), means "keep the stored one"; another
 * text with a mask's marks is refused, since a mask is never a usable key (its `…` cannot even be
 * sent in an HTTP header). Answers the new secret, or undefined to keep the stored one.
 */
function secretInput(
  value: string | null | undefined,
  stored: string | null | undefined,
  maskOf: (secret: string) => string | null,
  field: string,
) {
  const text = typed(value);
  if (!text || (stored && maskOf(stored) === text)) return undefined;
  if (text.includes('…') || text.includes('••••')) {
    throw new AppError('ERR_SECRET_MASKED', { fields: { [field]: 'ERR_SECRET_MASKED' } });
  }
  return text;
}
const textOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function toPromptRecord(row: PromptRow, queue: PromptRecord['queue']): PromptRecord {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    model: row.model,
    maxTokens: row.maxTokens,
    // real columns come back as 0.699999988; the form steps by 0.1.
    temperature: Math.round(row.temperature * 100) / 100,
    apiKey: maskSecret(row.apiKey),
    queueId: row.queueId,
    queue,
    maxMessages: row.maxMessages,
    voice: row.voice,
    voiceKey: maskSecret(row.voiceKey),
    voiceRegion: row.voiceRegion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Dialogflow credentials show as the service account's e-mail, masked. */
function maskCredentials(json: string | null) {
  if (!json) return null;
  try {
    const email = String((JSON.parse(json) as { client_email?: unknown }).client_email ?? '');
    const [user, domain] = email.split('@');
    return domain ? `${user.slice(0, 3)}…@${domain}` : '••••';
  } catch {
    return '••••';
  }
}

export function toIntegrationRecord(row: IntegrationRow): QueueIntegrationRecord {
  return {
    id: row.id,
    type: row.type as QueueIntegrationType,
    name: row.name,
    projectName: row.projectName,
    jsonContent: maskCredentials(row.jsonContent),
    language: row.language,
    handoverIntent: row.handoverIntent,
    urlN8N: row.urlN8N,
    webhookSecret: maskSecret(row.webhookSecret),
    typebotSlug: row.typebotSlug,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotExpires: row.typebotExpires,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotRestartMessage: row.typebotRestartMessage,
    typebotUnknownMessage: row.typebotUnknownMessage,
    flowId: row.flowId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * AI prompts and queue integrations: admins' CRUD (docs/decisions/ai-and-integrations.md).
 * Secrets are write-only; URLs are checked against server-side request forgery when saved.
 */
export function createIntegrationsService(deps: {
  db: Database;
  realtime: IntegrationsRealtime;
  allowPrivateUrls: boolean;
  /** Each change is written with its audit entry in one transaction. */
  audit: AuditLog;
}) {
  const { db, realtime, audit } = deps;

  async function queueOf(companyId: number, queueId: number, handle: Database = db) {
    const [queue] = await handle
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
    return queue ?? null;
  }

  async function promptRow(companyId: number, id: number) {
    const [row] = await db
      .select()
      .from(prompts)
      .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
    if (!row) throw new AppError('ERR_NOT_FOUND');
    return row;
  }

  async function promptRecord(row: PromptRow) {
    return toPromptRecord(row, await queueOf(row.companyId, row.queueId));
  }

  async function integrationRow(companyId: number, id: number) {
    const [row] = await db
      .select()
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
    if (!row) throw new AppError('ERR_NOT_FOUND');
    return row;
  }

  async function promptWrite(companyId: number, fields: PromptFields, current: PromptRow | null) {
    if (!(await queueOf(companyId, fields.queueId))) {
      throw new AppError('ERR_NOT_FOUND', { fields: { queueId: 'ERR_NOT_FOUND' } });
    }
    const apiKey = secretInput(fields.apiKey, current?.apiKey, maskSecret, 'apiKey') ?? current?.apiKey;
    if (!apiKey) throw required('apiKey');
    return {
      name: fields.name,
      prompt: fields.prompt,
      model: fields.model,
      maxTokens: fields.maxTokens,
      temperature: fields.temperature,
      apiKey,
      queueId: fields.queueId,
      maxMessages: fields.maxMessages,
      voice: fields.voice,
      voiceKey: secretInput(fields.voiceKey, current?.voiceKey, maskSecret, 'voiceKey') ?? current?.voiceKey ?? null,
      voiceRegion: textOrNull(fields.voiceRegion),
    };
  }

  async function integrationWrite(companyId: number, fields: QueueIntegrationFields, current: IntegrationRow | null) {
    const flowId = fields.type === 'flowbuilder' ? (fields.flowId ?? null) : null;
    if (flowId !== null) {
      // Another company's flow answers 404 like a missing one.
      const [flow] = await db
        .select({ id: flows.id })
        .from(flows)
        .where(and(eq(flows.companyId, companyId), eq(flows.id, flowId)));
      if (!flow) throw new AppError('ERR_NOT_FOUND', { fields: { flowId: 'ERR_NOT_FOUND' } });
    }
    const write = {
      flowId,
      type: fields.type,
      name: fields.name,
      // spec: n8n, webhook, typebot (and flowbuilder) keep projectName equal to the name.
      projectName: fields.type === 'dialogflow' ? textOrNull(fields.projectName) : fields.name,
      language: fields.type === 'dialogflow' ? (fields.language ?? null) : null,
      handoverIntent: fields.type === 'dialogflow' ? textOrNull(fields.handoverIntent) : null,
      urlN8N: fields.type === 'dialogflow' || fields.type === 'flowbuilder' ? null : textOrNull(fields.urlN8N),
      typebotSlug: fields.type === 'typebot' ? textOrNull(fields.typebotSlug) : null,
      typebotDelayMessage: fields.typebotDelayMessage,
      typebotExpires: fields.typebotExpires,
      typebotKeywordFinish: textOrNull(fields.typebotKeywordFinish),
      typebotKeywordRestart: textOrNull(fields.typebotKeywordRestart),
      typebotRestartMessage: textOrNull(fields.typebotRestartMessage),
      typebotUnknownMessage: textOrNull(fields.typebotUnknownMessage),
      jsonContent: null as string | null,
      webhookSecret: null as string | null,
    };
    if (write.urlN8N) {
      await assertOutboundUrlAllowed(write.urlN8N, { allowPrivate: deps.allowPrivateUrls, field: 'urlN8N' });
    }
    if (fields.type === 'dialogflow') {
      const json =
        secretInput(fields.jsonContent, current?.jsonContent, maskCredentials, 'jsonContent') ?? current?.jsonContent;
      if (!json) throw required('jsonContent');
      const account = parseServiceAccount(json);
      await assertOutboundUrlAllowed(account.token_uri, { allowPrivate: deps.allowPrivateUrls, field: 'jsonContent' });
      write.jsonContent = json;
    }
    if (fields.type === 'n8n' || fields.type === 'webhook') {
      const secret =
        secretInput(fields.webhookSecret, current?.webhookSecret, maskSecret, 'webhookSecret') ??
        current?.webhookSecret;
      if (!secret) throw required('webhookSecret');
      write.webhookSecret = secret;
    }
    return write;
  }

  /** What pointed at a deleted bot points nowhere: connections, queues, tickets still using it. */
  async function unlink(tx: Database, companyId: number, column: 'promptId' | 'integrationId', id: number) {
    await createConnectionsRepository(tx).forgetBot(companyId, column, id);
    await createQueuesRepository(tx).forgetBot(companyId, column, id);
    await ticketWrites.forgetBot(tx, companyId, column, id);
  }

  return {
    async listPrompts(companyId: number) {
      const rows = await db
        .select({ prompt: prompts, queue: { id: queues.id, name: queues.name, color: queues.color } })
        .from(prompts)
        .leftJoin(queues, eq(queues.id, prompts.queueId))
        .where(eq(prompts.companyId, companyId))
        .orderBy(asc(prompts.name), asc(prompts.id));
      return { prompts: rows.map((row) => toPromptRecord(row.prompt, row.queue)) };
    },

    findPrompt: async (companyId: number, id: number) => promptRecord(await promptRow(companyId, id)),

    async createPrompt(actor: AuditActor, companyId: number, fields: PromptFields) {
      const values = await promptWrite(companyId, fields, null);
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(prompts)
          .values({ ...values, companyId })
          .returning();
        await audit.record(tx, actor, {
          action: 'prompt.created',
          entityType: 'prompt',
          entityId: inserted.id,
          after: promptAuditView(inserted),
          hidden: promptSecrets,
        });
        return inserted;
      });
      const record = await promptRecord(row);
      realtime.promptSaved(companyId, 'create', record);
      return record;
    },

    async updatePrompt(actor: AuditActor, companyId: number, id: number, fields: PromptFields) {
      const current = await promptRow(companyId, id);
      const values = await promptWrite(companyId, fields, current);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(prompts)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
          .returning();
        if (!updated) throw new AppError('ERR_NOT_FOUND');
        await audit.record(tx, actor, {
          action: 'prompt.updated',
          entityType: 'prompt',
          entityId: id,
          before: promptAuditView(current),
          after: promptAuditView(updated),
          hidden: promptSecrets,
        });
        return updated;
      });
      const record = await promptRecord(row);
      realtime.promptSaved(companyId, 'update', record);
      return record;
    },

    async removePrompt(actor: AuditActor, companyId: number, id: number) {
      const deleted = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(prompts)
          .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
          .returning();
        if (!row) return row;
        await unlink(tx, companyId, 'promptId', id);
        await audit.record(tx, actor, {
          action: 'prompt.deleted',
          entityType: 'prompt',
          entityId: id,
          before: promptAuditView(row),
          hidden: promptSecrets,
        });
        return row;
      });
      if (!deleted) throw new AppError('ERR_NOT_FOUND');
      realtime.promptDeleted(companyId, id);
      return { message: 'Prompt deleted' };
    },

    async pageIntegrations(companyId: number, query: QueueIntegrationListQuery) {
      const conditions = [eq(queueIntegrations.companyId, companyId)];
      if (query.searchParam) {
        const like = `%${query.searchParam.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(or(ilike(queueIntegrations.name, like), ilike(queueIntegrations.type, like))!);
      }
      const rows = await db
        .select()
        .from(queueIntegrations)
        .where(and(...conditions))
        .orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id))
        .limit(QUEUE_INTEGRATIONS_PAGE_SIZE + 1)
        .offset((query.pageNumber - 1) * QUEUE_INTEGRATIONS_PAGE_SIZE);
      const [{ value: count }] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(queueIntegrations)
        .where(and(...conditions));
      return {
        queueIntegrations: rows.slice(0, QUEUE_INTEGRATIONS_PAGE_SIZE).map(toIntegrationRecord),
        count,
        hasMore: rows.length > QUEUE_INTEGRATIONS_PAGE_SIZE,
      };
    },

    findIntegration: async (companyId: number, id: number) => toIntegrationRecord(await integrationRow(companyId, id)),

    /** The stored row with its secrets, for the bot runtimes and the Dialogflow test. */
    integrationRow,

    /** Whether the company's flow exists and is switched on. */
    async activeFlow(companyId: number, flowId: number) {
      const [row] = await db
        .select({ id: flows.id })
        .from(flows)
        .where(and(eq(flows.companyId, companyId), eq(flows.id, flowId), eq(flows.active, true)));
      return Boolean(row);
    },

    async createIntegration(actor: AuditActor, companyId: number, fields: QueueIntegrationFields) {
      const values = await integrationWrite(companyId, fields, null);
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(queueIntegrations)
          .values({ ...values, companyId })
          .returning();
        await audit.record(tx, actor, {
          action: 'integration.created',
          entityType: 'integration',
          entityId: inserted.id,
          after: integrationAuditView(inserted),
          hidden: integrationSecrets,
        });
        return inserted;
      });
      const record = toIntegrationRecord(row);
      realtime.integrationSaved(companyId, 'create', record);
      return record;
    },

    async updateIntegration(actor: AuditActor, companyId: number, id: number, fields: QueueIntegrationFields) {
      const current = await integrationRow(companyId, id);
      // A new type starts from no stored secret: another type's secret is no credential of this one.
      const values = await integrationWrite(companyId, fields, current.type === fields.type ? current : null);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(queueIntegrations)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
          .returning();
        if (!updated) throw new AppError('ERR_NOT_FOUND');
        await audit.record(tx, actor, {
          action: 'integration.updated',
          entityType: 'integration',
          entityId: id,
          before: integrationAuditView(current),
          after: integrationAuditView(updated),
          hidden: integrationSecrets,
        });
        return updated;
      });
      const record = toIntegrationRecord(row);
      realtime.integrationSaved(companyId, 'update', record);
      return record;
    },

    async removeIntegration(actor: AuditActor, companyId: number, id: number) {
      const deleted = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(queueIntegrations)
          .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
          .returning();
        if (!row) return row;
        await unlink(tx, companyId, 'integrationId', id);
        await audit.record(tx, actor, {
          action: 'integration.deleted',
          entityType: 'integration',
          entityId: id,
          before: integrationAuditView(row),
          hidden: integrationSecrets,
        });
        return row;
      });
      if (!deleted) throw new AppError('ERR_NOT_FOUND');
      realtime.integrationDeleted(companyId, id);
      return { message: 'Integration deleted' };
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
