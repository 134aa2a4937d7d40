import {
  asSpreadsheetText,
  CAMPAIGN_EDIT_WINDOW_MS,
  CAMPAIGNS_PAGE_SIZE,
  type CampaignFields,
  type CampaignRecord,
  type CampaignReport,
  type CampaignSettings,
  type CampaignStatus,
  type campaignFieldsSchema,
  hasTemplateChoice,
  instantOfCompanyTime,
  missingTemplateValue,
} from '@wacrm/shared';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { FileStorage } from '../../platform/storage/local-storage.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { TemplatesService } from '../channels/index.ts';
import type { CampaignDispatch } from './campaign-dispatch.ts';
import type { CampaignSettingsReader } from './campaign-settings-reader.ts';
import type { CampaignsRealtime } from './campaigns.realtime.ts';
import type { CampaignRow, CampaignsRepository } from './campaigns.repository.ts';
import { shippingStateOf } from './shipping-state.ts';
import { sniffMimetype } from './sniff-mimetype.ts';

type Fields = z.output<typeof campaignFieldsSchema>;
type Joined = NonNullable<Awaited<ReturnType<CampaignsRepository['find']>>>;

/** spec: editable while INATIVA, or PROGRAMADA more than an hour ahead; CANCELADA keeps its save button. */
export function isEditable(campaign: Pick<CampaignRow, 'status' | 'scheduledAt'>, now: Date) {
  if (campaign.status === 'INATIVA' || campaign.status === 'CANCELADA') return true;
  return (
    campaign.status === 'PROGRAMADA' &&
    campaign.scheduledAt !== null &&
    campaign.scheduledAt.getTime() - now.getTime() > CAMPAIGN_EDIT_WINDOW_MS
  );
}

/** Campaigns: the table, the dialog, the transitions and the report (docs/decisions/campaigns.md). */
export function createCampaignsService(deps: {
  repository: CampaignsRepository;
  realtime: CampaignsRealtime;
  dispatch: () => CampaignDispatch;
  clock: () => Date;
  fileListExists: (companyId: number, id: number) => Promise<boolean>;
  storage: FileStorage;
  /** The company's clock, on which a time written 'YYYY-MM-DD HH:mm:ss' is read. */
  timeZoneOf: (companyId: number) => Promise<string>;
  templates: Pick<TemplatesService, 'prepare'>;
  /** Scheduling, cancelling and restarting are written with their audit entry in one transaction. */
  db: Database;
  audit: AuditLog;
  settings: Pick<CampaignSettingsReader, 'read' | 'forget'>;
}) {
  const { repository, realtime, db, audit } = deps;

  const toRecord = (row: Joined): CampaignRecord => {
    const c = row.campaign;
    return {
      id: c.id,
      name: c.name,
      status: c.status as CampaignStatus,
      message1: c.message1,
      message2: c.message2,
      message3: c.message3,
      message4: c.message4,
      message5: c.message5,
      scheduledAt: c.scheduledAt?.toISOString() ?? null,
      completedAt: c.completedAt?.toISOString() ?? null,
      whatsappId: c.whatsappId,
      whatsapp:
        c.whatsappId && row.whatsappName
          ? { id: c.whatsappId, name: row.whatsappName, status: row.whatsappStatus ?? '' }
          : null,
      contactListId: c.contactListId,
      contactList: c.contactListId && row.contactListName ? { id: c.contactListId, name: row.contactListName } : null,
      tagId: c.tagId,
      tag: c.tagId && row.tagName ? { id: c.tagId, name: row.tagName } : null,
      fileListId: c.fileListId,
      mediaPath: c.mediaPath,
      mediaName: c.mediaName,
      templateName: c.templateName,
      templateLanguage: c.templateLanguage,
      templateVariables: c.templateVariables ?? [],
      editable: isEditable(c, deps.clock()),
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
  };

  /** The report's numbers for a campaign row (the reasons are asked only when some failed). */
  async function reportOf(companyId: number, row: Joined): Promise<CampaignReport> {
    const counts = await repository.counts(companyId, row.campaign.id);
    const failureReasons =
      counts.failed > 0
        ? (await repository.failureReasons(companyId, row.campaign.id)).map((reason) => ({
            code: reason.code ?? 'ERR_SENDING_WAPP_MSG',
            count: reason.count,
          }))
        : [];
    return { campaign: toRecord(row), ...counts, total: Number(counts.total), failureReasons };
  }

  async function load(companyId: number, id: number) {
    const row = await repository.find(companyId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND');
    return row;
  }

  async function announce(companyId: number, id: number, action: 'create' | 'update') {
    const record = toRecord(await load(companyId, id));
    realtime.campaign(companyId, { action, record });
    return record;
  }

  /**
   * docs/cloud-api.md "Campaigns and schedules": a Cloud API connection sends an approved template
   * (the message variants could reach only who wrote in the last 24 hours); another connection
   * cannot send one. The values may hold variables, filled per contact: here they must only be there.
   */
  async function checkTemplate(companyId: number, connection: { id: number; provider: string }, fields: Fields) {
    const isCloud = connection.provider === 'cloudapi';
    if (!hasTemplateChoice(fields)) {
      if (isCloud) throw new AppError('ERR_TEMPLATE_REQUIRED', { fields: { templateName: 'Required' } });
      return;
    }
    if (!isCloud)
      throw new AppError('ERR_NOT_CLOUD_CONNECTION', { fields: { templateName: 'ERR_NOT_CLOUD_CONNECTION' } });
    const template = await deps.templates.prepare(companyId, connection.id, {
      name: fields.templateName!.trim(),
      language: fields.templateLanguage!.trim(),
    });
    const missing = missingTemplateValue(template.variableCount, fields.templateVariables ?? []);
    if (missing !== null) {
      throw new AppError('ERR_TEMPLATE_VARIABLES', {
        fields: { [`templateVariables.${missing}`]: 'Required' },
        details: { expected: template.variableCount },
      });
    }
  }

  /** The connection, list and tag must be the company's (another company's id is a 404). */
  async function checkReferences(companyId: number, fields: Fields) {
    const connection = await repository.connectionOf(companyId, fields.whatsappId);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
    await checkTemplate(companyId, connection, fields);
    if (fields.contactListId && !(await repository.contactListExists(companyId, fields.contactListId))) {
      throw new AppError('ERR_NOT_FOUND', { fields: { contactListId: 'ERR_NOT_FOUND' } });
    }
    if (fields.tagId && !(await repository.tagExists(companyId, fields.tagId))) {
      throw new AppError('ERR_NOT_FOUND', { fields: { tagId: 'ERR_NOT_FOUND' } });
    }
    if (fields.fileListId && !(await deps.fileListExists(companyId, fields.fileListId))) {
      throw new AppError('ERR_NOT_FOUND', { fields: { fileListId: 'ERR_NOT_FOUND' } });
    }
  }

  const blankToNull = (text: string | null | undefined) => (text?.trim() ? text : null);

  const templateColumns = (fields: Fields) =>
    hasTemplateChoice(fields)
      ? {
          templateName: fields.templateName!.trim(),
          templateLanguage: fields.templateLanguage!.trim(),
          templateVariables: fields.templateVariables ?? [],
        }
      : { templateName: null, templateLanguage: null, templateVariables: null };

  async function columns(companyId: number, fields: Fields) {
    // 'YYYY-MM-DD HH:mm:ss' is read on the company's clock, as the schedules read theirs.
    const scheduledAt = fields.scheduledAt
      ? instantOfCompanyTime(fields.scheduledAt, await deps.timeZoneOf(companyId))
      : null;
    return {
      name: fields.name,
      whatsappId: fields.whatsappId,
      contactListId: fields.contactListId ?? null,
      tagId: fields.tagId ?? null,
      fileListId: fields.fileListId ?? null,
      message1: blankToNull(fields.message1),
      message2: blankToNull(fields.message2),
      message3: blankToNull(fields.message3),
      message4: blankToNull(fields.message4),
      message5: blankToNull(fields.message5),
      ...templateColumns(fields),
      scheduledAt,
      // spec: a time makes it PROGRAMADA; without one it stays INATIVA.
      status: (scheduledAt ? 'PROGRAMADA' : 'INATIVA') as CampaignStatus,
    };
  }

  /**
   * The file a campaign no longer names is removed, unless the campaign already sent it: a canceled
   * campaign's messages point at the same stored file, and the tickets still show it.
   */
  async function dropReplacedMedia(before: Pick<CampaignRow, 'status' | 'mediaPath'>) {
    if (!before.mediaPath || before.status === 'CANCELADA') return;
    await deps.storage.remove(before.mediaPath).catch(() => undefined);
  }

  /**
   * "Campaign started": the admin's act is giving it a time (it then starts by itself), recorded
   * when a save sets or moves that time.
   */
  async function recordScheduled(
    tx: Database,
    actor: AuditActor,
    id: number,
    before: Pick<CampaignRow, 'status' | 'scheduledAt'> | null,
    after: { name: string; scheduledAt: Date | null },
  ) {
    if (!after.scheduledAt) return;
    if (before?.status === 'PROGRAMADA' && before.scheduledAt?.getTime() === after.scheduledAt.getTime()) return;
    await audit.record(tx, actor, {
      action: 'campaign.scheduled',
      entityType: 'campaign',
      entityId: id,
      before: before && { status: before.status, scheduledAt: before.scheduledAt?.toISOString() ?? null },
      after: { name: after.name, status: 'PROGRAMADA', scheduledAt: after.scheduledAt.toISOString() },
    });
  }

  /** A programmed campaign whose time has come starts now; later ones wait for their job or the sweep. */
  async function startIfDue(companyId: number, id: number, scheduledAt: Date | null) {
    if (!scheduledAt) return;
    await deps.dispatch().scheduleStart(companyId, id, scheduledAt);
  }

  return {
    async page(companyId: number, query: { searchParam: string; pageNumber: number }) {
      const page = await repository.page(companyId, query.searchParam, query.pageNumber, CAMPAIGNS_PAGE_SIZE);
      return { records: page.rows.map(toRecord), count: page.count, hasMore: page.hasMore };
    },

    find: async (companyId: number, id: number) => toRecord(await load(companyId, id)),

    async create(actor: AuditActor, companyId: number, fields: Fields) {
      await checkReferences(companyId, fields);
      const values = await columns(companyId, fields);
      const id = await db.transaction(async (tx) => {
        const inserted = await repository.insert(companyId, values, tx);
        await recordScheduled(tx, actor, inserted, null, values);
        return inserted;
      });
      const record = await announce(companyId, id, 'create');
      await startIfDue(companyId, id, values.scheduledAt);
      return record;
    },

    async update(actor: AuditActor, companyId: number, id: number, fields: Fields) {
      const before = (await load(companyId, id)).campaign;
      if (!isEditable(before, deps.clock())) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
      await checkReferences(companyId, fields);
      const values = await columns(companyId, fields);
      if (before.status === 'CANCELADA') {
        // A canceled campaign keeps its audience and status; its texts apply to who is still waiting.
        await repository.update(companyId, id, {
          name: values.name,
          message1: values.message1,
          message2: values.message2,
          message3: values.message3,
          message4: values.message4,
          message5: values.message5,
          templateName: values.templateName,
          templateLanguage: values.templateLanguage,
          templateVariables: values.templateVariables,
        });
        return announce(companyId, id, 'update');
      }
      await db.transaction(async (tx) => {
        await repository.update(companyId, id, values, tx);
        await recordScheduled(tx, actor, id, before, values);
      });
      const record = await announce(companyId, id, 'update');
      await startIfDue(companyId, id, values.scheduledAt);
      return record;
    },

    async remove(companyId: number, id: number) {
      const before = (await load(companyId, id)).campaign;
      if (before.status === 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_RUNNING');
      if (!(await repository.remove(companyId, id))) throw new AppError('ERR_NOT_FOUND');
      realtime.campaign(companyId, { action: 'delete', id });
    },

    /** spec: EM_ANDAMENTO → CANCELADA. The chain stops at its next claim. */
    async cancel(actor: AuditActor, companyId: number, id: number) {
      const before = (await load(companyId, id)).campaign;
      if (before.status !== 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_INVALID_TRANSITION');
      await db.transaction(async (tx) => {
        const cancelled = await repository.transition(
          companyId,
          id,
          'EM_ANDAMENTO',
          { status: 'CANCELADA', chainToken: null },
          tx,
        );
        if (!cancelled) throw new AppError('ERR_CAMPAIGN_INVALID_TRANSITION');
        await audit.record(tx, actor, {
          action: 'campaign.cancelled',
          entityType: 'campaign',
          entityId: id,
          before: { name: before.name, status: before.status },
          after: { name: before.name, status: 'CANCELADA' },
        });
      });
      return announce(companyId, id, 'update');
    },

    /** spec: CANCELADA → EM_ANDAMENTO, continuing with the contacts not sent yet. */
    async restart(actor: AuditActor, companyId: number, id: number) {
      const before = (await load(companyId, id)).campaign;
      if (before.status !== 'CANCELADA') throw new AppError('ERR_CAMPAIGN_INVALID_TRANSITION');
      await db.transaction(async (tx) => {
        const restarted = await repository.transition(companyId, id, 'CANCELADA', { status: 'EM_ANDAMENTO' }, tx);
        if (!restarted) throw new AppError('ERR_CAMPAIGN_INVALID_TRANSITION');
        await audit.record(tx, actor, {
          action: 'campaign.restarted',
          entityType: 'campaign',
          entityId: id,
          before: { name: before.name, status: before.status },
          after: { name: before.name, status: 'EM_ANDAMENTO' },
        });
      });
      await deps.dispatch().resume(companyId, id);
      return announce(companyId, id, 'update');
    },

    report: async (companyId: number, id: number) => reportOf(companyId, await load(companyId, id)),

    /** The report's CSV: one line per shipping record. */
    async csv(companyId: number, id: number) {
      await load(companyId, id);
      const quote = (value: unknown) => {
        const text = value === null || value === undefined ? '' : String(value);
        return `"${asSpreadsheetText(text).replace(/"/g, '""')}"`;
      };
      const lines = ['name,number,email,status,variant,sentAt,delivered,read,error'];
      for (const row of await repository.shippings(companyId, id)) {
        const { shipping, ack, sendError } = row;
        const shown = shippingStateOf(row);
        lines.push(
          [
            shipping.name,
            shipping.number,
            shipping.email,
            shown.status,
            shipping.variant,
            shown.sentAt?.toISOString(),
            (ack ?? 0) >= 2,
            (ack ?? 0) >= 3,
            sendError,
          ]
            .map(quote)
            .join(','),
        );
      }
      return `${lines.join('\n')}\n`;
    },

    /** The campaign's own file, sent with the text as its caption; only while it may be edited. */
    async attachMedia(companyId: number, id: number, data: Buffer, filename: string) {
      const before = (await load(companyId, id)).campaign;
      if (!isEditable(before, deps.clock())) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
      const sniffed = sniffMimetype(data);
      if (!sniffed) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', { fields: { file: 'Unknown file type' } });
      const mediaPath = await deps.storage.save(companyId, { extension: sniffed.extension, data });
      const base =
        filename
          .replace(/\.[^.]*$/, '')
          .replace(/\s+/g, '_')
          .slice(0, 80) || 'file';
      await repository.update(companyId, id, { mediaPath, mediaName: `${base}.${sniffed.extension}` });
      await dropReplacedMedia(before);
      return announce(companyId, id, 'update');
    },

    async removeMedia(companyId: number, id: number) {
      const before = (await load(companyId, id)).campaign;
      if (!isEditable(before, deps.clock())) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
      await repository.update(companyId, id, { mediaPath: null, mediaName: null });
      await dropReplacedMedia(before);
      return announce(companyId, id, 'update');
    },

    settings: (companyId: number) => deps.settings.read(companyId),

    async saveSettings(companyId: number, settings: Partial<CampaignSettings>) {
      await repository.saveSettings(companyId, settings);
      deps.settings.forget(companyId);
      return deps.settings.read(companyId);
    },

    /** After each send and each later hand-over or failure: the report's numbers, live. */
    async progress(companyId: number, id: number) {
      const row = await repository.find(companyId, id);
      if (!row) return;
      realtime.campaign(companyId, { action: 'progress', report: await reportOf(companyId, row) });
    },

    /** The campaign that sent a message, if one did. */
    campaignOfMessage: (companyId: number, messageId: number) => repository.campaignOfMessage(companyId, messageId),
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
export type { CampaignFields };
