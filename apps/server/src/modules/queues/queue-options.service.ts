import {
  normalizeOptionNumber,
  type QueueOptionCreate,
  type QueueOptionRecord,
  type QueueOptionUpdate,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { QueuesRealtime } from './queues.realtime.ts';
import { createQueuesRepository, type QueueOptionData, type QueuesRepository } from './queues.repository.ts';
import { toQueueRecord } from './queues.service.ts';

/** Builds the nested tree of one queue's options; siblings in the order a customer reads them. */
export function buildOptionTree(rows: QueueOptionData[]) {
  const nodes = new Map<number, QueueOptionRecord>(rows.map((row) => [row.id, { ...row, children: [] }]));
  const roots: QueueOptionRecord[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const byOption = (a: QueueOptionRecord, b: QueueOptionRecord) => Number(a.option) - Number(b.option) || a.id - b.id;
  const sortLevel = (level: QueueOptionRecord[]) => {
    level.sort(byOption);
    for (const node of level) sortLevel(node.children);
  };
  sortLevel(roots);
  return { roots, nodes };
}

/** An option as the audit log compares it. */
const auditView = (row: QueueOptionData) => ({
  queueId: row.queueId,
  parentId: row.parentId,
  option: row.option,
  title: row.title,
  message: row.message,
});

const notFound = () => new AppError('ERR_NOT_FOUND');
const optionTaken = () => new AppError('ERR_QUEUE_OPTION_ALREADY_EXISTS', { fields: { option: 'In use' } });
const badParent = (reason: string) => new AppError('ERR_VALIDATION', { fields: { parentId: reason } });

/**
 * The queue's chatbot menu. Writes of one queue's options run one at a time (the queue row is
 * locked), because "one number per level" has no unique index to fall back on: a root level
 * has a NULL parent, which a plain unique index would not compare.
 */
export function createQueueOptionsService(deps: { db: Database; events: QueuesRealtime; audit: AuditLog }) {
  const { db, events } = deps;

  async function loadTree(repository: QueuesRepository, companyId: number, queueId: number) {
    return buildOptionTree(await repository.listOptions(companyId, queueId));
  }

  /** Screens showing the queue refresh its menu on the queue's update event. */
  async function announceQueue(companyId: number, queueId: number) {
    const queue = await createQueuesRepository(db).findQueue(companyId, queueId);
    if (queue) events.queueSaved(companyId, toQueueRecord(queue));
  }

  async function assertParent(
    repository: QueuesRepository,
    companyId: number,
    queueId: number,
    parentId: number | null,
    movingId?: number,
  ) {
    if (parentId === null) return;
    const parent = await repository.findOption(companyId, parentId);
    if (!parent) throw notFound();
    if (parent.queueId !== queueId) throw badParent('The parent option belongs to another queue');
    if (movingId === undefined) return;
    // A move must not hang an option under itself or under one of its own sub-options.
    const { nodes } = await loadTree(repository, companyId, queueId);
    for (let at: number | null = parentId; at !== null; at = nodes.get(at)?.parentId ?? null) {
      if (at === movingId) throw badParent('An option cannot go under itself or its sub-options');
    }
  }

  return {
    /** spec: the options at one level (parentId absent or -1: the root), each with its nested children. */
    async list(companyId: number, queueId: number, parentId: number | null) {
      const repository = createQueuesRepository(db);
      if (!(await repository.findQueue(companyId, queueId))) throw notFound();
      const { roots, nodes } = await loadTree(repository, companyId, queueId);
      if (parentId === null) return roots;
      const parent = nodes.get(parentId);
      if (!parent) throw notFound();
      return parent.children;
    },

    async create(actor: AuditActor, companyId: number, input: QueueOptionCreate) {
      const option = normalizeOptionNumber(input.option);
      const parentId = input.parentId ?? null;
      const created = await db.transaction(async (tx) => {
        const repository = createQueuesRepository(tx);
        if (!(await repository.lockQueue(companyId, input.queueId))) throw notFound();
        await assertParent(repository, companyId, input.queueId, parentId);
        if (await repository.findSibling(companyId, input.queueId, parentId, option)) throw optionTaken();
        const inserted = await repository.insertOption(companyId, {
          queueId: input.queueId,
          parentId,
          title: input.title,
          message: input.message?.trim() ? input.message : null,
          option,
        });
        await deps.audit.record(tx, actor, {
          action: 'queueOption.created',
          entityType: 'queueOption',
          entityId: inserted.id,
          after: auditView(inserted),
        });
        return inserted;
      });
      await announceQueue(companyId, created.queueId);
      return { ...created, children: [] } satisfies QueueOptionRecord;
    },

    async update(actor: AuditActor, companyId: number, id: number, input: QueueOptionUpdate) {
      const option = normalizeOptionNumber(input.option);
      const updated = await db.transaction(async (tx) => {
        const repository = createQueuesRepository(tx);
        const current = await repository.findOption(companyId, id);
        if (!current) throw notFound();
        await repository.lockQueue(companyId, current.queueId);
        const parentId = input.parentId === undefined ? current.parentId : input.parentId;
        if (parentId !== current.parentId) await assertParent(repository, companyId, current.queueId, parentId, id);
        if (await repository.findSibling(companyId, current.queueId, parentId, option, id)) throw optionTaken();
        const row = await repository.updateOption(companyId, id, {
          parentId,
          title: input.title,
          message: input.message?.trim() ? input.message : null,
          option,
        });
        if (!row) throw notFound();
        await deps.audit.record(tx, actor, {
          action: 'queueOption.updated',
          entityType: 'queueOption',
          entityId: id,
          before: auditView(current),
          after: auditView(row),
        });
        return (await loadTree(repository, companyId, row.queueId)).nodes.get(row.id) as QueueOptionRecord;
      });
      await announceQueue(companyId, updated.queueId);
      return updated;
    },

    /** The option's sub-options are deleted with it (the parent_id foreign key cascades). */
    async remove(actor: AuditActor, companyId: number, id: number) {
      const current = await db.transaction(async (tx) => {
        const repository = createQueuesRepository(tx);
        const found = await repository.findOption(companyId, id);
        if (!found || !(await repository.deleteOption(companyId, id))) throw notFound();
        await deps.audit.record(tx, actor, {
          action: 'queueOption.deleted',
          entityType: 'queueOption',
          entityId: id,
          before: auditView(found),
        });
        return found;
      });
      await announceQueue(companyId, current.queueId);
      return { message: 'Option deleted' };
    },
  };
}

export type QueueOptionsService = ReturnType<typeof createQueueOptionsService>;
