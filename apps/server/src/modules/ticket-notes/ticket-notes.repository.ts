import type { TicketNoteRecord } from '@wacrm/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { contacts, ticketNotes, tickets, users } from '../../tables.ts';

const noteColumns = {
  id: ticketNotes.id,
  note: ticketNotes.note,
  ticketId: ticketNotes.ticketId,
  contactId: ticketNotes.contactId,
  userId: ticketNotes.userId,
  userName: users.name,
  createdAt: ticketNotes.createdAt,
  updatedAt: ticketNotes.updatedAt,
};

type NoteRow = {
  [K in keyof typeof noteColumns]: K extends 'userName'
    ? string | null
    : (typeof ticketNotes.$inferSelect)[Exclude<K, 'userName'>];
};

const toRecord = (row: NoteRow): TicketNoteRecord => ({
  id: row.id,
  note: row.note,
  ticketId: row.ticketId,
  contactId: row.contactId,
  userId: row.userId,
  user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every ticket-note query; company id first. */
export function createTicketNotesRepository(db: Database) {
  const selectNotes = () => db.select(noteColumns).from(ticketNotes).leftJoin(users, eq(users.id, ticketNotes.userId));

  return {
    async list(companyId: number, contactId: number, ticketId: number | undefined) {
      const rows = await selectNotes()
        .where(
          and(
            eq(ticketNotes.companyId, companyId),
            eq(ticketNotes.contactId, contactId),
            ticketId ? eq(ticketNotes.ticketId, ticketId) : undefined,
          ),
        )
        .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
      return rows.map(toRecord);
    },

    /** A contact's notes with the queue and user of the ticket each was written on (for the access rule). */
    async listWithTickets(companyId: number, contactId: number) {
      const rows = await db
        .select({ ...noteColumns, ticketUserId: tickets.userId, ticketQueueId: tickets.queueId })
        .from(ticketNotes)
        .leftJoin(users, eq(users.id, ticketNotes.userId))
        .leftJoin(tickets, and(eq(tickets.companyId, companyId), eq(tickets.id, ticketNotes.ticketId)))
        .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, contactId)))
        .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
      return rows.map(({ ticketUserId, ticketQueueId, ...row }) => ({
        note: toRecord(row),
        ticket: row.ticketId === null ? null : { userId: ticketUserId, queueId: ticketQueueId },
      }));
    },

    async find(companyId: number, id: number) {
      const [row] = await selectNotes().where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id)));
      return row ? toRecord(row) : null;
    },

    /** `userId` null: a note from the system (a bot handing the ticket over says why). */
    async insert(
      companyId: number,
      values: { note: string; ticketId: number; contactId: number; userId: number | null },
    ) {
      const [row] = await db
        .insert(ticketNotes)
        .values({ companyId, ...values })
        .returning({ id: ticketNotes.id });
      return row.id;
    },

    async remove(companyId: number, id: number) {
      const [row] = await db
        .delete(ticketNotes)
        .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id)))
        .returning({ id: ticketNotes.id });
      return row !== undefined;
    },

    async findTicket(companyId: number, ticketId: number) {
      const [row] = await db
        .select({ id: tickets.id, contactId: tickets.contactId })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
      return row ?? null;
    },

    async hasContact(companyId: number, contactId: number) {
      const [row] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
      return row !== undefined;
    },
  };
}
