import { randomBytes } from 'node:crypto';
import {
  type ConnectionFields,
  type ConnectionProvider,
  type ConnectionRecord,
  type ConnectionUpdate,
  connectionDefaults,
  maskSecret,
} from '@wacrm/shared';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { JobSender } from '../../platform/jobs/job-queue.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { PlanRules } from '../plans/index.ts';
import { tokenRefusedAlertJob } from './connections.jobs.ts';
import type { ConnectionsRealtime } from './connections.realtime.ts';
import type { ConnectionsRepository, ConnectionWrite, SessionValues } from './connections.repository.ts';

/** What the connections feature asks of the session manager (channels module). */
export interface SessionControl {
  /** Starts the session; a provider that still holds the pairing connects without a QR. */
  start(ref: ConnectionRef): Promise<void>;
  /** Forgets the pairing and starts again: a new QR. */
  newQr(ref: ConnectionRef): Promise<void>;
  /** Logs the phone out. */
  disconnect(ref: ConnectionRef): Promise<void>;
  /** The connection is gone: stop its session for good (wherever it runs; `owner` when the row is deleted already). */
  remove(whatsappId: number, owner?: string | null): Promise<void>;
}

export interface ConnectionRef {
  id: number;
  companyId: number;
  name: string;
  provider: string;
}

interface Deps {
  db: Database;
  repository: ConnectionsRepository;
  realtime: ConnectionsRealtime;
  planRules: PlanRules;
  config: Pick<Config, 'sandboxEnabled'>;
  jobs: JobSender;
  /** Late-bound: the session manager is built after this service. */
  sessions: () => SessionControl;
  /** Refuses (404, naming the field) a prompt or integration id that is not the company's. */
  assertBotRefs: (
    db: Database,
    companyId: number,
    fields: { promptId?: number | null; integrationId?: number | null },
  ) => Promise<void>;
  /** Each change is written with its audit entry in one transaction. */
  audit: AuditLog;
}

const generateToken = () => randomBytes(16).toString('hex');
const isBlank = (value: string | null | undefined) => !value || value.trim() === '';

/** The Cloud API fields of a form, and which of them a Cloud API connection cannot do without. */
const cloudFields = ['cloudPhoneNumberId', 'cloudWabaId', 'cloudAccessToken', 'cloudAppSecret'] as const;
const cloudSecrets = ['cloudAccessToken', 'cloudAppSecret'] as const;

/** What the audit log keeps of a connection: its settings (secrets by name, hidden by the log), not its live state. */
const auditedFields = [
  'name',
  'provider',
  'isDefault',
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'expiresInactiveMessage',
  'expiresTicket',
  'timeUseBotQueues',
  'maxUseBotQueues',
  'timeToTransfer',
  'transferQueueId',
  'promptId',
  'integrationId',
  'schedules',
  'cloudPhoneNumberId',
  'cloudWabaId',
  ...cloudSecrets,
] as const;

/**
 * A write-only secret as the form sent it: left out, blank or the masked value the API answered
 * keeps the stored one (undefined); anything else replaces it.
 */
function secretToWrite(sent: string | null | undefined, stored: string | null): string | undefined {
  if (isBlank(sent)) return undefined;
  const value = sent!.trim();
  return stored && value === maskSecret(stored) ? undefined : value;
}

/** What a Cloud API connection needs that the form left out: each missing field named. */
function missingCloudFields(values: Partial<Record<(typeof cloudFields)[number], string | null>>) {
  const missing = cloudFields.filter((field) => isBlank(values[field]));
  if (missing.length === 0) return;
  throw new AppError('ERR_VALIDATION', { fields: Object.fromEntries(missing.map((field) => [field, 'Required'])) });
}

type AuditView = Record<string, unknown> | null;

/** spec: connections CRUD with its rules (unique name, one default, greeting, plan limit, token). */
export function createConnectionsService({
  db,
  repository,
  realtime,
  planRules,
  config,
  sessions,
  assertBotRefs,
  jobs,
  audit,
}: Deps) {
  function checkProvider(provider: ConnectionProvider | undefined) {
    if (provider === 'sandbox' && !config.sandboxEnabled) {
      throw new AppError('ERR_VALIDATION', { fields: { provider: 'The sandbox is disabled on this server' } });
    }
  }

  /** Queues named by the form must be the company's; each bad field is named. */
  async function checkQueues(tx: Database, companyId: number, fields: ConnectionUpdate) {
    await assertBotRefs(tx, companyId, fields);
    const queueIds = fields.queueIds ?? [];
    const transfer = fields.transferQueueId ?? null;
    const wanted = [...new Set([...queueIds, ...(transfer ? [transfer] : [])])];
    if (wanted.length === 0) return;
    const own = new Set(await repository.ownQueueIds(tx, companyId, wanted));
    const errors: Record<string, string> = {};
    if (queueIds.some((id) => !own.has(id))) errors.queueIds = 'Unknown queue';
    if (transfer && !own.has(transfer)) errors.transferQueueId = 'Unknown queue';
    if (Object.keys(errors).length > 0) throw new AppError('ERR_VALIDATION', { fields: errors });
  }

  async function checkNameAndToken(
    tx: Database,
    companyId: number,
    fields: { name?: string; token?: string },
    id?: number,
  ) {
    if (fields.name && (await repository.nameTaken(tx, companyId, fields.name, id))) {
      throw new AppError('ERR_WAPP_NAME_IN_USE', { fields: { name: 'Already in use' } });
    }
    if (fields.token && (await repository.tokenTaken(tx, fields.token, id))) {
      throw new AppError('ERR_WAPP_TOKEN_IN_USE', { fields: { token: 'Already in use' } });
    }
  }

  /** A race past the checks above ends on a unique index; answer the same codes. */
  async function withConflicts<T>(run: () => Promise<T>) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const detail = String((error as { cause?: { detail?: string } }).cause?.detail ?? (error as Error).message);
      if (detail.includes('token'))
        throw new AppError('ERR_WAPP_TOKEN_IN_USE', { fields: { token: 'Already in use' } });
      throw new AppError('ERR_WAPP_NAME_IN_USE', { fields: { name: 'Already in use' } });
    }
  }

  /**
   * The Cloud API part of an update: secrets kept unless replaced, the generated tokens made when a
   * connection becomes a Cloud API one, its required fields checked. Answers whether anything the
   * credentials check depends on changed (the session starts again then).
   */
  async function cloudWrite(
    tx: Database,
    companyId: number,
    id: number,
    values: ConnectionUpdate,
    write: ConnectionWrite,
  ) {
    const stored = (await repository.findRow(companyId, id, tx))!;
    const provider = values.provider ?? stored.provider;
    if (provider !== 'cloudapi') {
      for (const field of cloudFields) delete write[field];
      return false;
    }
    for (const secret of cloudSecrets) {
      const replacement = secretToWrite(values[secret], stored[secret]);
      if (replacement === undefined) delete write[secret];
      else write[secret] = replacement;
    }
    const final = Object.fromEntries(cloudFields.map((field) => [field, write[field] ?? stored[field]]));
    missingCloudFields(final);
    write.cloudVerifyToken = stored.cloudVerifyToken ?? generateToken();
    write.cloudWebhookKey = stored.cloudWebhookKey ?? generateToken();
    return cloudFields.some((field) => write[field] !== undefined && write[field] !== stored[field]);
  }

  /** The audited settings of a connection as stored now (`tx`: inside the change's transaction). */
  async function auditView(tx: Database, companyId: number, id: number) {
    const row = await repository.findRow(companyId, id, tx);
    if (!row) return null;
    const record = await repository.findRecord(companyId, id, { withToken: false }, tx);
    return {
      ...Object.fromEntries(auditedFields.map((field) => [field, row[field]])),
      queueIds: record?.queueIds ?? [],
      token: row.token,
    };
  }

  /** The API token has an entry of its own, so an admin can find every change of it. */
  async function recordChange(tx: Database, actor: AuditActor, id: number, before: AuditView, after: AuditView) {
    const { token: tokenBefore, ...settingsBefore } = before ?? {};
    const { token: tokenAfter, ...settingsAfter } = after ?? {};
    await audit.record(tx, actor, {
      action: !before ? 'connection.created' : !after ? 'connection.deleted' : 'connection.updated',
      entityType: 'connection',
      entityId: id,
      before: before && settingsBefore,
      after: after && settingsAfter,
    });
    if (before && after && tokenBefore !== tokenAfter) {
      await audit.record(tx, actor, {
        action: 'connection.tokenChanged',
        entityType: 'connection',
        entityId: id,
        before: { token: tokenBefore },
        after: { token: tokenAfter },
      });
    }
  }

  async function emitChanged(companyId: number, ids: number[]) {
    for (const id of ids) {
      const record = await repository.findRecord(companyId, id, { withToken: false });
      if (record) realtime.connectionUpdated(companyId, record);
    }
  }

  function startInBackground(ref: ConnectionRef) {
    // The answer does not wait for the phone: status changes arrive as events.
    sessions()
      .start(ref)
      .catch(() => undefined);
  }

  return {
    /** The providers this server accepts for new connections (the sandbox can be switched off). */
    providers(): { providers: ConnectionProvider[] } {
      return { providers: config.sandboxEnabled ? ['baileys', 'cloudapi', 'sandbox'] : ['baileys', 'cloudapi'] };
    },

    // The list feeds every user's screens (menu badge, transfer): never tokens.
    list: (companyId: number) => repository.list(companyId, { withToken: false }),

    async find(companyId: number, id: number, isAdmin: boolean) {
      const record = await repository.findRecord(companyId, id, { withToken: isAdmin });
      if (!record) throw new AppError('ERR_NO_WAPP_FOUND');
      return record;
    },

    async create(actor: AuditActor, companyId: number, fields: ConnectionFields) {
      checkProvider(fields.provider);
      const { queueIds = [], ...values } = fields;
      const token = isBlank(values.token) ? generateToken() : values.token!.trim();
      if (queueIds.length > 1 && isBlank(values.greetingMessage)) throw new AppError('ERR_WAPP_GREETING_REQUIRED');
      const isCloud = values.provider === 'cloudapi';
      if (isCloud) missingCloudFields(values);
      else for (const field of cloudFields) delete values[field];

      const { created, clearedIds } = await withConflicts(() =>
        db.transaction(async (tx) => {
          // Serialises the company's connection writes: the count, the limit and the default flag.
          await repository.lockCompany(tx, companyId);
          await planRules.assertWithinLimit(tx, companyId, 'connections');
          await checkNameAndToken(tx, companyId, { name: values.name, token }, undefined);
          await checkQueues(tx, companyId, fields);
          // spec: the first connection of a company is its default.
          const isFirst = (await repository.countOf(tx, companyId)) === 0;
          const row = await repository.insert(tx, companyId, {
            ...values,
            provider: values.provider ?? connectionDefaults.provider,
            maxUseBotQueues: values.maxUseBotQueues ?? connectionDefaults.maxUseBotQueues,
            expiresTicket: values.expiresTicket ?? connectionDefaults.expiresTicket,
            timeUseBotQueues: values.timeUseBotQueues ?? connectionDefaults.timeUseBotQueues,
            token,
            isDefault: isFirst || values.isDefault === true,
            status: 'OPENING',
            ...(isCloud ? { cloudVerifyToken: generateToken(), cloudWebhookKey: generateToken() } : {}),
          });
          const cleared = row.isDefault ? await repository.clearOtherDefaults(tx, companyId, row.id) : [];
          await repository.replaceQueues(tx, row.id, queueIds);
          await recordChange(tx, actor, row.id, null, await auditView(tx, companyId, row.id));
          return { created: row, clearedIds: cleared };
        }),
      );
      await emitChanged(companyId, [created.id, ...clearedIds]);
      startInBackground(created);
      return (await repository.findRecord(companyId, created.id, { withToken: true }))!;
    },

    async update(actor: AuditActor, companyId: number, id: number, fields: ConnectionUpdate) {
      checkProvider(fields.provider);
      const { queueIds, ...values } = fields;
      const write: ConnectionWrite = { ...values };
      // A token cleared in the form is generated again; left out, it stays.
      if (values.token !== undefined) write.token = isBlank(values.token) ? generateToken() : values.token!.trim();

      const { before, clearedIds, cloudChanged } = await withConflicts(() =>
        db.transaction(async (tx) => {
          await repository.lockCompany(tx, companyId);
          const current = await repository.findRecord(companyId, id, { withToken: false }, tx);
          if (!current) throw new AppError('ERR_NO_WAPP_FOUND');
          const audited = await auditView(tx, companyId, id);
          const cloudChanged = await cloudWrite(tx, companyId, id, values, write);
          await checkNameAndToken(tx, companyId, { name: values.name, token: write.token ?? undefined }, id);
          await checkQueues(tx, companyId, fields);
          const finalQueues = queueIds ?? current.queueIds;
          const finalGreeting = values.greetingMessage !== undefined ? values.greetingMessage : current.greetingMessage;
          if (finalQueues.length > 1 && isBlank(finalGreeting)) throw new AppError('ERR_WAPP_GREETING_REQUIRED');

          if (values.isDefault === false && current.isDefault) {
            // spec: exactly one default; un-defaulting it would leave the others without one.
            if ((await repository.countOf(tx, companyId)) > 1) throw new AppError('ERR_NO_OTHER_WHATSAPP');
            write.isDefault = true;
          }
          await repository.update(tx, companyId, id, write);
          const cleared = write.isDefault ? await repository.clearOtherDefaults(tx, companyId, id) : [];
          if (queueIds) await repository.replaceQueues(tx, id, queueIds);
          await recordChange(tx, actor, id, audited, await auditView(tx, companyId, id));
          return { before: current, clearedIds: cleared, cloudChanged };
        }),
      );
      await emitChanged(companyId, [id, ...clearedIds]);
      const record = (await repository.findRecord(companyId, id, { withToken: true }))!;
      if (record.provider !== before.provider || cloudChanged) {
        await sessions().remove(id);
        startInBackground({ id, companyId, name: record.name, provider: record.provider });
      }
      return record;
    },

    async remove(actor: AuditActor, companyId: number, id: number) {
      const owner = await db.transaction(async (tx) => {
        await repository.lockCompany(tx, companyId);
        const current = await repository.findRow(companyId, id, tx);
        if (!current) throw new AppError('ERR_NO_WAPP_FOUND');
        if (current.isDefault && (await repository.countOf(tx, companyId)) > 1) {
          throw new AppError('ERR_NO_OTHER_WHATSAPP');
        }
        const audited = await auditView(tx, companyId, id);
        await repository.remove(tx, companyId, id);
        await recordChange(tx, actor, id, audited, null);
        return current.sessionOwner;
      });
      await sessions().remove(id, owner);
      realtime.connectionDeleted(companyId, id);
    },

    /** The session manager reports each status change here: stored, then told to the company. */
    async recordSessionStatus(companyId: number, id: number, values: SessionValues) {
      if (!(await repository.updateSession(companyId, id, values))) return;
      const record = await repository.findRecord(companyId, id, { withToken: false });
      if (!record) return;
      realtime.sessionUpdated(companyId, record);
      realtime.connectionUpdated(companyId, record);
    },

    /**
     * Meta refused the connection's token (error 190, on any call): DISCONNECTED with Meta's words,
     * told live; the first refusal after it worked also has its admins mailed, by a job.
     */
    async recordTokenRefusal(companyId: number, id: number, detail: string) {
      const { found, isNew } = await repository.recordTokenRefusal(companyId, id, detail);
      if (!found) return;
      const record = await repository.findRecord(companyId, id, { withToken: false });
      if (record) {
        realtime.sessionUpdated(companyId, record);
        realtime.connectionUpdated(companyId, record);
      }
      if (isNew) await jobs.send(tokenRefusedAlertJob, { companyId, connectionId: id, detail }, { retryLimit: 5 });
    },

    /**
     * "New QR": the phone's pairing is forgotten and a new one starts. Recorded once the session
     * manager has taken the order (the pairing lives in the session, not in this module's rows).
     */
    async renewQr(actor: AuditActor, companyId: number, id: number) {
      const row = await repository.findRow(companyId, id);
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
      await sessions().newQr({ id: row.id, companyId: row.companyId, name: row.name, provider: row.provider });
      await db.transaction((tx) =>
        audit.record(tx, actor, { action: 'connection.qrRenewed', entityType: 'connection', entityId: id }),
      );
    },

    /** The connection a session route names, in the caller's company. */
    async findRef(companyId: number, id: number): Promise<ConnectionRef> {
      const row = await repository.findRow(companyId, id);
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
      return { id: row.id, companyId: row.companyId, name: row.name, provider: row.provider };
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
export type { ConnectionRecord };
