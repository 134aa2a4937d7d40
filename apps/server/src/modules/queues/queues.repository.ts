import { and, asc, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { companies, queueOptions, queues } from '../../tables.ts';

export type QueueRow = typeof queues.$inferSelect;
export type QueueWrite = Omit<typeof queues.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;
export type QueueOptionRow = typeof queueOptions.$inferSelect;

const optionColumns = {
  id: queueOptions.id,
  queueId: queueOptions.queueId,
  parentId: queueOptions.parentId,
  title: queueOptions.title,
  message: queueOptions.message,
  option: queueOptions.option,
};
export type QueueOptionData = {
  id: number;
  queueId: number;
  parentId: number | null;
  title: string;
  message: string | null;
  option: string;
};

/** Every query on queues and their options; the company id comes first and is in every WHERE. */
export function createQueuesRepository(db: Database) {
  const sameParent = (parentId: number | null): SQL =>
    parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId);

  return {
    /** A deleted prompt or integration: the company's queues that used it use none. */
    async forgetBot(companyId: number, column: 'promptId' | 'integrationId', id: number) {
      await db
        .update(queues)
        .set({ [column]: null })
        .where(and(eq(queues.companyId, companyId), eq(queues[column], id)));
    },

    /** spec: the list follows the queues' order, then their names. */
    listQueues: (companyId: number) =>
      db
        .select()
        .from(queues)
        .where(eq(queues.companyId, companyId))
        .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.name), asc(queues.id)),

    async findQueue(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(queues)
        .where(and(eq(queues.companyId, companyId), eq(queues.id, id)));
      return row ?? null;
    },

    /** Holds the queue row until the transaction ends, so option checks of one queue run one at a time. */
    async lockQueue(companyId: number, id: number) {
      const [row] = await db
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
        .for('update');
      return row ?? null;
    },

    /** Serialises queue creation in one company, so two requests cannot both pass the plan limit. */
    async lockCompany(companyId: number) {
      await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    },

    async countQueues(companyId: number) {
      const [{ value }] = await db.select({ value: count() }).from(queues).where(eq(queues.companyId, companyId));
      return value;
    },

    /** Names compare without case: "Sales" and "sales" would confuse the people choosing a queue. */
    async findQueueIdByName(companyId: number, name: string) {
      const [row] = await db
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), sql`lower(${queues.name}) = lower(${name})`));
      return row?.id ?? null;
    },

    async findQueueIdByColor(companyId: number, color: string) {
      const [row] = await db
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), sql`lower(${queues.color}) = lower(${color})`));
      return row?.id ?? null;
    },

    async insertQueue(companyId: number, fields: QueueWrite) {
      const [row] = await db
        .insert(queues)
        .values({ ...fields, companyId })
        .returning();
      return row;
    },

    async updateQueue(companyId: number, id: number, fields: Partial<QueueWrite>) {
      const [row] = await db
        .update(queues)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
        .returning();
      return row ?? null;
    },

    async deleteQueue(companyId: number, id: number) {
      const rows = await db
        .delete(queues)
        .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
        .returning({ id: queues.id });
      return rows.length > 0;
    },

    listOptions: (companyId: number, queueId: number): Promise<QueueOptionData[]> =>
      db
        .select(optionColumns)
        .from(queueOptions)
        .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.queueId, queueId)))
        .orderBy(asc(queueOptions.id)),

    async findOption(companyId: number, id: number): Promise<QueueOptionData | null> {
      const [row] = await db
        .select(optionColumns)
        .from(queueOptions)
        .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)));
      return row ?? null;
    },

    /** Another option under the same parent of the same queue that answers to `option`. */
    async findSibling(companyId: number, queueId: number, parentId: number | null, option: string, exceptId?: number) {
      const [row] = await db
        .select({ id: queueOptions.id })
        .from(queueOptions)
        .where(
          and(
            eq(queueOptions.companyId, companyId),
            eq(queueOptions.queueId, queueId),
            sameParent(parentId),
            eq(queueOptions.option, option),
            exceptId === undefined ? undefined : ne(queueOptions.id, exceptId),
          ),
        );
      return row?.id ?? null;
    },

    async insertOption(
      companyId: number,
      fields: { queueId: number; parentId: number | null; title: string; message: string | null; option: string },
    ): Promise<QueueOptionData> {
      const [row] = await db
        .insert(queueOptions)
        .values({ ...fields, companyId })
        .returning(optionColumns);
      return row;
    },

    async updateOption(
      companyId: number,
      id: number,
      fields: { parentId: number | null; title: string; message: string | null; option: string },
    ): Promise<QueueOptionData | null> {
      const [row] = await db
        .update(queueOptions)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)))
        .returning(optionColumns);
      return row ?? null;
    },

    /** The parent_id foreign key cascades: the option's sub-options go with it. */
    async deleteOption(companyId: number, id: number) {
      const rows = await db
        .delete(queueOptions)
        .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)))
        .returning({ id: queueOptions.id });
      return rows.length > 0;
    },
  };
}

export type QueuesRepository = ReturnType<typeof createQueuesRepository>;
