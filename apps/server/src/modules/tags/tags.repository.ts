import type { TagRecord } from '@wacrm/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { tags, tickets, ticketTags } from '../../tables.ts';

/** `%text%` for LIKE, with the pattern characters of the text itself escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Tickets of the tag's own company that carry it (ticket_tags has no company column). Written with
 * qualified names: drizzle leaves columns unqualified in single-table selects, which would make
 * `id` inside the subquery mean the ticket's.
 */
const ticketsCount = (companyId: number) =>
  sql<number>`(select count(*)::int from ticket_tags tt inner join tickets t on t.id = tt.ticket_id
    where tt.tag_id = "tags"."id" and t.company_id = ${companyId})`;

const recordColumns = (companyId: number) => ({
  id: tags.id,
  name: tags.name,
  color: tags.color,
  kanban: tags.kanban,
  kanbanOrder: tags.kanbanOrder,
  ticketsCount: ticketsCount(companyId),
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
});

type TagRow = {
  id: number;
  name: string;
  color: string;
  kanban: number;
  kanbanOrder: number;
  ticketsCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export const toTagRecord = (row: TagRow): TagRecord => ({
  ...row,
  kanban: row.kanban === 1 ? 1 : 0,
  ticketsCount: Number(row.ticketsCount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every query of the tags feature; the company id comes first. `db` may be a transaction. */
export function createTagsRepository(db: Database) {
  const nameFilter = (companyId: number, search: string) =>
    search
      ? and(eq(tags.companyId, companyId), sql`lower(${tags.name}) like ${containsPattern(search.toLowerCase())}`)
      : eq(tags.companyId, companyId);

  return {
    async page(companyId: number, search: string, pageNumber: number, pageSize: number) {
      const where = nameFilter(companyId, search);
      const rows = await db
        .select(recordColumns(companyId))
        .from(tags)
        .where(where)
        .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id))
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize);
      const [{ total }] = await db.select({ total: count() }).from(tags).where(where);
      return { rows: rows.map(toTagRecord), count: total };
    },

    async list(companyId: number, options: { kanbanOnly?: boolean } = {}) {
      const rows = await db
        .select(recordColumns(companyId))
        .from(tags)
        .where(and(eq(tags.companyId, companyId), options.kanbanOnly ? eq(tags.kanban, 1) : undefined))
        // The board's lanes keep the order an admin or supervisor gave them.
        .orderBy(...(options.kanbanOnly ? [asc(tags.kanbanOrder)] : []), asc(sql`lower(${tags.name})`), asc(tags.id));
      return rows.map(toTagRecord);
    },

    async records(companyId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select(recordColumns(companyId))
        .from(tags)
        .where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
      return rows.map(toTagRecord);
    },

    async find(companyId: number, id: number) {
      const [row] = await db
        .select(recordColumns(companyId))
        .from(tags)
        .where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
      return row ? toTagRecord(row) : null;
    },

    /** The row locked for an edit, or null when the company has no such tag. */
    async lock(companyId: number, id: number) {
      const [row] = await db
        .select({ id: tags.id, kanban: tags.kanban })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
        .for('update');
      return row ?? null;
    },

    async findIdByName(companyId: number, name: string) {
      const [row] = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), sql`lower(${tags.name}) = ${name.toLowerCase()}`));
      return row?.id ?? null;
    },

    async insert(companyId: number, fields: { name: string; color: string; kanban: number }) {
      const [row] = await db
        .insert(tags)
        .values({ companyId, ...fields })
        .returning({ id: tags.id });
      return row.id;
    },

    async update(companyId: number, id: number, fields: { name: string; color: string; kanban: number }) {
      await db
        .update(tags)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
    },

    /** The ticket links go with it (foreign key cascade). */
    async remove(companyId: number, id: number) {
      const deleted = await db
        .delete(tags)
        .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
        .returning({ id: tags.id });
      return deleted.length > 0;
    },

    /** Which of these ids are tags of the company. */
    async existingIds(companyId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
      return rows.map((row) => row.id);
    },

    /** The tag ids on a ticket of the company. */
    async ticketTagIds(companyId: number, ticketId: number) {
      const rows = await db
        .select({ id: ticketTags.tagId })
        .from(ticketTags)
        .innerJoin(tags, eq(tags.id, ticketTags.tagId))
        .where(and(eq(tags.companyId, companyId), eq(ticketTags.ticketId, ticketId)));
      return rows.map((row) => row.id);
    },

    /** Locks the ticket row so two syncs of one ticket run one after the other. */
    async lockTicket(companyId: number, ticketId: number) {
      const [row] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
        .for('update');
      return Boolean(row);
    },

    /** Replaces the ticket's tags with exactly these (already checked to be the company's). */
    async replaceTicketTags(ticketId: number, tagIds: number[]) {
      await db.delete(ticketTags).where(eq(ticketTags.ticketId, ticketId));
      if (tagIds.length) await db.insert(ticketTags).values(tagIds.map((tagId) => ({ ticketId, tagId })));
    },

    async addTicketTag(ticketId: number, tagId: number) {
      await db.insert(ticketTags).values({ ticketId, tagId }).onConflictDoNothing();
    },

    async removeTicketTags(ticketId: number, tagIds: number[]) {
      if (tagIds.length === 0) return;
      await db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, tagIds)));
    },

    /** The kanban lanes' places on the board, in the order given. */
    async setLaneOrder(companyId: number, tagIds: number[]) {
      for (const [index, tagId] of tagIds.entries()) {
        await db
          .update(tags)
          .set({ kanbanOrder: index + 1, updatedAt: new Date() })
          .where(and(eq(tags.companyId, companyId), eq(tags.id, tagId)));
      }
    },
  };
}

export type TagsRepository = ReturnType<typeof createTagsRepository>;
