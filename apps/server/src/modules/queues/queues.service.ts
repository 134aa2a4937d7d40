import { defaultQueueSchedules, type QueueFields, type QueueRecord, weekdaysEn } from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { SessionInvalidation } from '../../platform/http/session-cache.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { PlanRules } from '../plans/index.ts';
import type { QueuesRealtime } from './queues.realtime.ts';
import { createQueuesRepository, type QueueRow, type QueueWrite } from './queues.repository.ts';

export function toQueueRecord(row: QueueRow): QueueRecord {
  return {
    ...row,
    // Written only through queueFieldsSchema, so it is one of the modes.
    assignmentMode: row.assignmentMode as QueueRecord['assignmentMode'],
    // Written only through queueSchedulesSchema, so every weekdayEn is one of the seven.
    schedules: row.schedules as QueueRecord['schedules'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A queue's fields as the audit log compares them. */
function auditView(row: QueueRow) {
  const { id: _id, companyId: _company, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields as Record<string, unknown>;
}

/** Blank texts are stored as null, so "no greeting" has one spelling. */
const textOrNull = (value: string | null | undefined) => (value?.trim() ? value : null);

const byWeekday = (a: { weekdayEn: string }, b: { weekdayEn: string }) =>
  weekdaysEn.indexOf(a.weekdayEn as never) - weekdaysEn.indexOf(b.weekdayEn as never);

/** The columns a request sets; fields it leaves out stay as they are on edit. */
function toWrite(fields: QueueFields): Partial<QueueWrite> & Pick<QueueWrite, 'name' | 'color'> {
  const write: Partial<QueueWrite> & Pick<QueueWrite, 'name' | 'color'> = {
    name: fields.name,
    // Stored lower-case so the per-company unique index sees #AABBCC and #aabbcc as one colour.
    color: fields.color.toLowerCase(),
  };
  for (const key of [
    'greetingMessage',
    'complationMessage',
    'outOfHoursMessage',
    'ratingMessage',
    'token',
    'waitingMessage',
  ] as const) {
    if (fields[key] !== undefined) write[key] = textOrNull(fields[key]);
  }
  for (const key of ['orderQueue', 'integrationId', 'promptId'] as const) {
    if (fields[key] !== undefined) write[key] = fields[key];
  }
  if (fields.assignmentMode !== undefined) write.assignmentMode = fields.assignmentMode;
  if (fields.waitingUpdateMinutes !== undefined) write.waitingUpdateMinutes = fields.waitingUpdateMinutes;
  if (fields.waitingUpdateMax !== undefined) write.waitingUpdateMax = fields.waitingUpdateMax;
  if (fields.schedules) write.schedules = [...fields.schedules].sort(byWeekday);
  return write;
}

const nameTaken = () => new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS', { fields: { name: 'In use' } });
const colorTaken = () => new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', { fields: { color: 'In use' } });

/** The unique indexes are the last word when two requests race past the checks; name which one refused. */
function constraintOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

async function withUniqueConflicts<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw constraintOf(error).includes('color') ? colorTaken() : nameTaken();
  }
}

export function createQueuesService(deps: {
  db: Database;
  planRules: PlanRules;
  events: QueuesRealtime;
  /** The token check keeps users' queue ids: a deleted queue leaves them. */
  sessions: SessionInvalidation;
  /** Refuses (404, naming the field) a prompt or integration id that is not the company's. */
  assertBotRefs: (
    db: Database,
    companyId: number,
    fields: { promptId?: number | null; integrationId?: number | null },
  ) => Promise<void>;
  /** A queue assigns automatically now, or its bot changed: automatic assignment looks again (tickets, late-bound). */
  assignmentChanged: (companyId: number) => Promise<void>;
  audit: AuditLog;
}) {
  const { db, planRules, events, assertBotRefs } = deps;

  async function assertUnique(tx: Database, companyId: number, name: string, color: string, exceptId?: number) {
    const repository = createQueuesRepository(tx);
    const byName = await repository.findQueueIdByName(companyId, name);
    if (byName !== null && byName !== exceptId) throw nameTaken();
    const byColor = await repository.findQueueIdByColor(companyId, color);
    if (byColor !== null && byColor !== exceptId) throw colorTaken();
  }

  return {
    list: async (companyId: number) => (await createQueuesRepository(db).listQueues(companyId)).map(toQueueRecord),

    async find(companyId: number, id: number) {
      const row = await createQueuesRepository(db).findQueue(companyId, id);
      if (!row) throw new AppError('ERR_NOT_FOUND');
      return toQueueRecord(row);
    },

    async create(actor: AuditActor, companyId: number, fields: QueueFields) {
      const write = toWrite(fields);
      // The plan is read before the transaction: plan-rules reads it through its own handle, which on
      // PGlite (one connection) would wait forever for this transaction. The queues are counted again
      // under the company lock, so two concurrent creations cannot both pass the limit.
      const { queues: allowance } = await planRules.usage(db, companyId);
      const row = await withUniqueConflicts(() =>
        db.transaction(async (tx) => {
          const repository = createQueuesRepository(tx);
          await repository.lockCompany(companyId);
          const used = await repository.countQueues(companyId);
          if (used >= allowance.limit) {
            throw new AppError('ERR_PLAN_LIMIT', { details: { resource: 'queues', limit: allowance.limit, used } });
          }
          await assertUnique(tx, companyId, write.name, write.color);
          await assertBotRefs(tx, companyId, write);
          const inserted = await repository.insertQueue(companyId, { schedules: defaultQueueSchedules, ...write });
          await deps.audit.record(tx, actor, {
            action: 'queue.created',
            entityType: 'queue',
            entityId: inserted.id,
            after: auditView(inserted),
          });
          return inserted;
        }),
      );
      const queue = toQueueRecord(row);
      events.queueSaved(companyId, queue);
      return queue;
    },

    async update(actor: AuditActor, companyId: number, id: number, fields: QueueFields) {
      const write = toWrite(fields);
      const row = await withUniqueConflicts(() =>
        db.transaction(async (tx) => {
          const repository = createQueuesRepository(tx);
          if (!(await repository.lockQueue(companyId, id))) throw new AppError('ERR_NOT_FOUND');
          await assertUnique(tx, companyId, write.name, write.color, id);
          await assertBotRefs(tx, companyId, write);
          const before = await repository.findQueue(companyId, id);
          const updated = await repository.updateQueue(companyId, id, write);
          if (before && updated) {
            await deps.audit.record(tx, actor, {
              action: 'queue.updated',
              entityType: 'queue',
              entityId: id,
              before: auditView(before),
              after: auditView(updated),
            });
          }
          return updated;
        }),
      );
      if (!row) throw new AppError('ERR_NOT_FOUND');
      const queue = toQueueRecord(row);
      events.queueSaved(companyId, queue);
      if (queue.assignmentMode !== 'manual') await deps.assignmentChanged(companyId);
      return queue;
    },

    /** Its options, and its links to users and connections, go with it (foreign keys cascade); tickets keep no queue. */
    async remove(actor: AuditActor, companyId: number, id: number) {
      await db.transaction(async (tx) => {
        const repository = createQueuesRepository(tx);
        const before = await repository.findQueue(companyId, id);
        if (!before || !(await repository.deleteQueue(companyId, id))) throw new AppError('ERR_NOT_FOUND');
        await deps.audit.record(tx, actor, {
          action: 'queue.deleted',
          entityType: 'queue',
          entityId: id,
          before: auditView(before),
        });
      });
      deps.sessions.forgetCompany(companyId);
      events.queueDeleted(companyId, id);
      return { message: 'Queue deleted' };
    },
  };
}

export type QueuesService = ReturnType<typeof createQueuesService>;
