import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { containsText, likePattern, phoneDigits } from '../../platform/db/text-search.ts';
import { contacts, tags, tickets, ticketTags } from '../../tables.ts';
import { contactListItems, contactLists } from './campaigns.tables.ts';

export type ContactListItemRow = typeof contactListItems.$inferSelect;
export interface ItemWrite {
  name: string;
  number: string;
  email: string;
}

/** Contact lists and their items; every query starts with the company id. */
export function createContactListsRepository(db: Database) {
  // Written out: inside a subquery drizzle would leave the outer column unqualified.
  const contactsCount = sql<number>`(select count(*)::int from contact_list_items i where i.contact_list_id = ${sql.raw('"contact_lists"."id"')})`;
  const listColumns = {
    id: contactLists.id,
    name: contactLists.name,
    contactsCount,
    createdAt: contactLists.createdAt,
    updatedAt: contactLists.updatedAt,
  };

  return {
    async page(companyId: number, search: string, pageNumber: number, pageSize: number) {
      const where = and(
        eq(contactLists.companyId, companyId),
        search ? containsText(contactLists.name, search) : undefined,
      );
      const rows = await db
        .select(listColumns)
        .from(contactLists)
        .where(where)
        .orderBy(asc(contactLists.name), asc(contactLists.id))
        .limit(pageSize + 1)
        .offset((pageNumber - 1) * pageSize);
      const [{ total }] = await db.select({ total: count() }).from(contactLists).where(where);
      return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize, count: total };
    },

    all: (companyId: number) =>
      db
        .select(listColumns)
        .from(contactLists)
        .where(eq(contactLists.companyId, companyId))
        .orderBy(asc(contactLists.name)),

    async find(companyId: number, id: number) {
      const [row] = await db
        .select(listColumns)
        .from(contactLists)
        .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)));
      return row ?? null;
    },

    async insert(companyId: number, name: string, handle: Database = db) {
      const [row] = await handle.insert(contactLists).values({ companyId, name }).returning({ id: contactLists.id });
      return row.id;
    },

    async rename(companyId: number, id: number, name: string) {
      const rows = await db
        .update(contactLists)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
        .returning({ id: contactLists.id });
      return rows.length > 0;
    },

    async remove(companyId: number, id: number) {
      const rows = await db
        .delete(contactLists)
        .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
        .returning({ id: contactLists.id });
      return rows.length > 0;
    },

    async itemsPage(companyId: number, listId: number, search: string, pageNumber: number, pageSize: number) {
      const where = and(
        eq(contactListItems.companyId, companyId),
        eq(contactListItems.contactListId, listId),
        search
          ? or(
              containsText(contactListItems.name, search),
              phoneDigits(search)
                ? sql`${contactListItems.number} like ${likePattern(phoneDigits(search))}`
                : undefined,
            )
          : undefined,
      );
      const rows = await db
        .select()
        .from(contactListItems)
        .where(where)
        .orderBy(asc(contactListItems.name), asc(contactListItems.id))
        .limit(pageSize + 1)
        .offset((pageNumber - 1) * pageSize);
      const [{ total }] = await db.select({ total: count() }).from(contactListItems).where(where);
      return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize, count: total };
    },

    async findItem(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(contactListItems)
        .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)));
      return row ?? null;
    },

    async insertItem(companyId: number, listId: number, values: ItemWrite) {
      const [row] = await db
        .insert(contactListItems)
        .values({ companyId, contactListId: listId, ...values })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Inserts in one statement; answers the numbers that were stored (the others were in the list). */
    async insertItems(companyId: number, listId: number, values: ItemWrite[], handle: Database = db) {
      if (values.length === 0) return [] as string[];
      const rows = await handle
        .insert(contactListItems)
        .values(values.map((value) => ({ companyId, contactListId: listId, ...value })))
        .onConflictDoNothing()
        .returning({ number: contactListItems.number });
      return rows.map((row) => row.number);
    },

    async updateItem(companyId: number, id: number, values: Partial<ItemWrite> & { isWhatsappValid?: boolean | null }) {
      const [row] = await db
        .update(contactListItems)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
        .returning();
      return row ?? null;
    },

    async removeItem(companyId: number, id: number) {
      const [row] = await db
        .delete(contactListItems)
        .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
        .returning();
      return row ?? null;
    },

    async numberTaken(companyId: number, listId: number, number: string, exceptId?: number) {
      const [row] = await db
        .select({ id: contactListItems.id })
        .from(contactListItems)
        .where(
          and(
            eq(contactListItems.companyId, companyId),
            eq(contactListItems.contactListId, listId),
            eq(contactListItems.number, number),
          ),
        );
      return Boolean(row && row.id !== exceptId);
    },

    async tagsExist(companyId: number, tagIds: number[]) {
      const rows = await db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), inArray(tags.id, tagIds)));
      return rows;
    },

    /** The company's people (not groups) whose tickets carry any of the tags. */
    contactsWithTags(companyId: number, tagIds: number[], handle: Database = db) {
      return handle
        .selectDistinct({ name: contacts.name, number: contacts.number, email: contacts.email })
        .from(contacts)
        .innerJoin(tickets, and(eq(tickets.contactId, contacts.id), eq(tickets.companyId, companyId)))
        .innerJoin(ticketTags, eq(ticketTags.ticketId, tickets.id))
        .where(and(eq(contacts.companyId, companyId), eq(contacts.isGroup, false), inArray(ticketTags.tagId, tagIds)));
    },

    /** Items whose WhatsApp check has not answered yet, oldest first. */
    unchecked: (companyId: number, listId: number, limit: number) =>
      db
        .select({ id: contactListItems.id, number: contactListItems.number })
        .from(contactListItems)
        .where(
          and(
            eq(contactListItems.companyId, companyId),
            eq(contactListItems.contactListId, listId),
            sql`${contactListItems.isWhatsappValid} is null`,
          ),
        )
        .orderBy(asc(contactListItems.id))
        .limit(limit),
  };
}

export type ContactListsRepository = ReturnType<typeof createContactListsRepository>;
