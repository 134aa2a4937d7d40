import { hasPermission, profiles, SCHEDULES_PAGE_SIZE, type ScheduleListQuery } from '@wacrm/shared';
import { and, asc, desc, eq, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { containsText, likePattern } from '../../platform/db/text-search.ts';
import { contacts, messages, tickets, users, whatsapps } from '../../tables.ts';
import { schedules } from './schedules.tables.ts';

const profilesSeeingAllTickets = profiles.filter((profile) => hasPermission({ profile }, 'tickets:viewAll'));

export type ScheduleInsert = Omit<typeof schedules.$inferInsert, 'companyId' | 'id'>;

const selection = {
  schedule: schedules,
  contactName: contacts.name,
  contactNumber: contacts.number,
  userName: users.name,
  ticketUuid: tickets.uuid,
  messageId: messages.id,
  messageHandedOver: sql<boolean>`${messages.externalId} is not null`,
  messageSentAt: messages.sentAt,
  messageFailed: messages.failed,
  messageError: messages.sendError,
};

export type ScheduleRow = {
  schedule: typeof schedules.$inferSelect;
  contactName: string;
  contactNumber: string;
  userName: string | null;
  ticketUuid: string | null;
  /** The joined message's: null when the schedule has none (not claimed, or the message is gone). */
  messageId: number | null;
  messageHandedOver: boolean | null;
  messageSentAt: Date | null;
  messageFailed: boolean | null;
  messageError: string | null;
};

/** Every query of schedules; the company id comes first and is in every condition. */
export function createSchedulesRepository(db: Database) {
  const joined = (handle: Database) =>
    handle
      .select(selection)
      .from(schedules)
      .innerJoin(contacts, eq(contacts.id, schedules.contactId))
      .leftJoin(users, eq(users.id, schedules.userId))
      .leftJoin(tickets, eq(tickets.id, schedules.ticketId))
      .leftJoin(messages, eq(messages.id, schedules.messageId));

  return {
    async find(companyId: number, id: number, handle: Database = db): Promise<ScheduleRow | null> {
      const [row] = await joined(handle).where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)));
      return row ?? null;
    },

    async page(companyId: number, query: ScheduleListQuery, onlyUserId: number | null) {
      const conditions: SQL[] = [eq(schedules.companyId, companyId)];
      if (query.contactId) conditions.push(eq(schedules.contactId, query.contactId));
      const userId = onlyUserId ?? query.userId;
      if (userId) conditions.push(eq(schedules.userId, userId));
      if (query.searchParam) {
        const term = query.searchParam;
        conditions.push(
          or(
            containsText(schedules.body, term),
            containsText(contacts.name, term),
            ilike(contacts.number, likePattern(term)),
          )!,
        );
      }
      const offset = (query.pageNumber - 1) * SCHEDULES_PAGE_SIZE;
      const rows = await joined(db)
        .where(and(...conditions))
        .orderBy(desc(schedules.sendAt), desc(schedules.id))
        .limit(SCHEDULES_PAGE_SIZE + 1)
        .offset(offset);
      const [{ value: count }] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(schedules)
        .innerJoin(contacts, eq(contacts.id, schedules.contactId))
        .where(and(...conditions));
      return { rows: rows.slice(0, SCHEDULES_PAGE_SIZE), count, hasMore: rows.length > SCHEDULES_PAGE_SIZE };
    },

    async insert(companyId: number, values: ScheduleInsert, handle: Database = db) {
      const [row] = await handle
        .insert(schedules)
        .values({ ...values, companyId })
        .returning();
      return row;
    },

    /** Changes a schedule only while nothing claimed it (no sentAt): answers null otherwise. */
    async updateUnsent(companyId: number, id: number, values: Partial<ScheduleInsert>) {
      const [row] = await db
        .update(schedules)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id), isNull(schedules.sentAt)))
        .returning();
      return row ?? null;
    },

    async update(companyId: number, id: number, values: Partial<ScheduleInsert>, handle: Database = db) {
      await handle
        .update(schedules)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)));
    },

    async remove(companyId: number, id: number) {
      const [row] = await db
        .delete(schedules)
        .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
        .returning();
      return row ?? null;
    },

    /**
     * The claim: a pending, due schedule becomes sent in the caller's transaction. Only one
     * caller gets the row (the others find it no longer pending); nothing before `now`.
     */
    async claim(tx: Database, companyId: number, id: number, now: Date) {
      const [row] = await tx
        .update(schedules)
        .set({ status: 'sent', sentAt: now, errorCode: null, updatedAt: now })
        .where(
          and(
            eq(schedules.companyId, companyId),
            eq(schedules.id, id),
            eq(schedules.status, 'pending'),
            isNull(schedules.sentAt),
            lte(schedules.sendAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The schedule that sent a message, if one did (the hand-over's live update). */
    async idOfMessage(companyId: number, messageId: number) {
      const [row] = await db
        .select({ id: schedules.id })
        .from(schedules)
        .where(and(eq(schedules.companyId, companyId), eq(schedules.messageId, messageId)))
        .limit(1);
      return row?.id ?? null;
    },

    /** Due schedules still waiting, oldest first, for the sweeps. */
    async due(now: Date, limit: number) {
      return db
        .select({ id: schedules.id, companyId: schedules.companyId })
        .from(schedules)
        .where(and(eq(schedules.status, 'pending'), lte(schedules.sendAt, now)))
        .orderBy(asc(schedules.sendAt))
        .limit(limit);
    },

    async contact(companyId: number, contactId: number, handle: Database = db) {
      const [row] = await handle
        .select({ id: contacts.id, name: contacts.name, isGroup: contacts.isGroup })
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
      return row ?? null;
    },

    async connectionExists(companyId: number, whatsappId: number) {
      const [row] = await db
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
      return Boolean(row);
    },

    /** The connection of the contact's newest ticket, else the company's default one. */
    async defaultConnectionFor(companyId: number, contactId: number, handle: Database = db) {
      const [last] = await handle
        .select({ id: tickets.whatsappId })
        .from(tickets)
        .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)))
        .orderBy(desc(tickets.updatedAt), desc(tickets.id))
        .limit(1);
      if (last?.id) return last.id;
      const [fallback] = await handle
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)))
        .limit(1);
      return fallback?.id ?? null;
    },

    /** The contact's tickets that are not closed: an attendant may schedule only when they may see each. */
    async activeTicketsOf(companyId: number, contactId: number) {
      return db
        .select({ userId: tickets.userId, queueId: tickets.queueId })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), ne(tickets.status, 'closed')));
    },

    /** Who sees every schedule of the company: the profiles that see every ticket, and users allowed to. */
    async seeAllUserIds(companyId: number) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.companyId, companyId),
            or(inArray(users.profile, [...profilesSeeingAllTickets]), eq(users.allTicket, 'enabled')),
          ),
        );
      return rows.map((row) => row.id);
    },

    /** Whether any message or other schedule still uses a stored file. */
    async fileInUse(companyId: number, mediaPath: string, exceptScheduleId: number) {
      const [message] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.mediaPath, mediaPath)))
        .limit(1);
      if (message) return true;
      const [other] = await db
        .select({ id: schedules.id })
        .from(schedules)
        .where(
          and(
            eq(schedules.companyId, companyId),
            eq(schedules.mediaPath, mediaPath),
            ne(schedules.id, exceptScheduleId),
          ),
        )
        .limit(1);
      return Boolean(other);
    },
  };
}

export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;
