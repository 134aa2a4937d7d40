import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { quickMessages } from '../../tables.ts';

export type QuickMessageRow = typeof quickMessages.$inferSelect;

/** `%text%` for LIKE, with the pattern characters of the text itself escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** What a user may see: their own quick messages and the company's (`geral`) ones. */
const visibleTo = (companyId: number, userId: number): SQL =>
  and(eq(quickMessages.companyId, companyId), or(eq(quickMessages.geral, true), eq(quickMessages.userId, userId)))!;

/** Every query of the quick messages feature; the company id comes first. */
export function createQuickMessagesRepository(db: Database) {
  return {
    async page(companyId: number, userId: number, search: string, pageNumber: number, pageSize: number) {
      const needle = search.trim().toLowerCase();
      const where = needle
        ? and(
            visibleTo(companyId, userId),
            or(
              sql`lower(${quickMessages.shortcode}) like ${containsPattern(needle)}`,
              sql`lower(${quickMessages.message}) like ${containsPattern(needle)}`,
            ),
          )
        : visibleTo(companyId, userId);
      const rows = await db
        .select()
        .from(quickMessages)
        .where(where)
        .orderBy(asc(sql`lower(${quickMessages.shortcode})`), asc(quickMessages.id))
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize);
      const [{ total }] = await db.select({ total: count() }).from(quickMessages).where(where);
      return { rows, count: total };
    },

    /** The composer's list: visible and active. */
    active: (companyId: number, userId: number) =>
      db
        .select()
        .from(quickMessages)
        .where(and(visibleTo(companyId, userId), eq(quickMessages.status, true)))
        .orderBy(asc(sql`lower(${quickMessages.shortcode})`), asc(quickMessages.id)),

    async findVisible(companyId: number, userId: number, id: number) {
      const [row] = await db
        .select()
        .from(quickMessages)
        .where(and(visibleTo(companyId, userId), eq(quickMessages.id, id)));
      return row ?? null;
    },

    async insert(companyId: number, values: Omit<typeof quickMessages.$inferInsert, 'companyId'>) {
      const [row] = await db
        .insert(quickMessages)
        .values({ ...values, companyId })
        .returning();
      return row;
    },

    async update(companyId: number, id: number, values: Partial<typeof quickMessages.$inferInsert>) {
      const [row] = await db
        .update(quickMessages)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
        .returning();
      return row ?? null;
    },

    async remove(companyId: number, id: number) {
      const [row] = await db
        .delete(quickMessages)
        .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
        .returning();
      return row ?? null;
    },
  };
}

export type QuickMessagesRepository = ReturnType<typeof createQuickMessagesRepository>;
