import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.ts';
import { contacts, messages, settings, ticketRatings, tickets } from '../../../platform/db/schema.ts';

type MessageInsert = Omit<typeof messages.$inferInsert, 'id'>;

/** The queries of the inbound path; company id first. `tx` is the use case's transaction. */
export function createIntakeRepository(db: Database) {
  return {
    async setting(companyId: number, key: string) {
      const [row] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
      return row?.value ?? null;
    },

    async messageExists(whatsappId: number, externalId: string) {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.whatsappId, whatsappId), eq(messages.externalId, externalId)));
      return Boolean(row);
    },

    /**
     * The contact of a number, created when new (name from the push name at creation only).
     * Most messages come from known contacts, so it looks first (one query). A new number is
     * inserted with ON CONFLICT DO NOTHING, which waits for a concurrent insert of the same
     * number; the second look then sees it, so a burst from a new number makes one contact.
     */
    async upsertContact(
      tx: Database,
      companyId: number,
      values: { number: string; name: string; isGroup: boolean; whatsappId: number },
    ) {
      const find = async () => {
        const [row] = await tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.companyId, companyId), eq(contacts.number, values.number)));
        return row;
      };
      let existing = await find();
      if (!existing) {
        const [created] = await tx
          .insert(contacts)
          .values({ ...values, companyId })
          .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
          .returning();
        if (created) return { contact: created, created: true };
        existing = await find();
      }
      if (existing.whatsappId !== values.whatsappId) {
        await tx
          .update(contacts)
          .set({ whatsappId: values.whatsappId })
          .where(and(eq(contacts.companyId, companyId), eq(contacts.id, existing.id)));
        existing = { ...existing, whatsappId: values.whatsappId };
      }
      return { contact: existing, created: false };
    },

    /**
     * Serialises the messages of one contact until the transaction ends, so that a burst never
     * finds "no open ticket" twice. Hashed key: no clash with other features' advisory locks.
     */
    lockContact: (tx: Database, companyId: number, contactId: number) =>
      tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contact-ticket:${companyId}:${contactId}`}, 0))`),

    async findActiveTicket(tx: Database, companyId: number, contactId: number, whatsappId: number) {
      const [row] = await tx
        .select({ id: tickets.id, status: tickets.status })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.contactId, contactId),
            eq(tickets.whatsappId, whatsappId),
            ne(tickets.status, 'closed'),
          ),
        );
      return row ?? null;
    },

    /** A new pending ticket; the partial unique index is the last word if another path raced us. */
    async createPendingTicket(
      tx: Database,
      companyId: number,
      values: { contactId: number; whatsappId: number; isGroup: boolean },
    ) {
      const result = await tx.execute(sql`
        insert into tickets (company_id, contact_id, whatsapp_id, is_group, status)
        values (${companyId}, ${values.contactId}, ${values.whatsappId}, ${values.isGroup}, 'pending')
        on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do nothing
        returning id, status`);
      const rows = (result as unknown as { rows: { id: number; status: string }[] }).rows;
      return rows[0] ?? null;
    },

    /** The contact's closed ticket on this connection that still waits for a rating, if any. */
    async findTicketAwaitingRating(tx: Database, companyId: number, contactId: number, whatsappId: number, now: Date) {
      const [row] = await tx
        .select({ id: tickets.id, status: tickets.status, userId: tickets.userId })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.contactId, contactId),
            eq(tickets.whatsappId, whatsappId),
            eq(tickets.status, 'closed'),
            gt(tickets.ratingDueAt, now),
          ),
        )
        .orderBy(desc(tickets.id))
        .limit(1);
      return row ?? null;
    },

    async endRatingWait(tx: Database, companyId: number, ticketId: number) {
      await tx
        .update(tickets)
        .set({ ratingDueAt: null })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
    },

    /** The customer's answer, once per ticket. */
    async recordRating(
      tx: Database,
      values: { companyId: number; ticketId: number; userId: number | null; rate: number },
    ) {
      await tx.insert(ticketRatings).values(values).onConflictDoNothing({ target: ticketRatings.ticketId });
    },

    async findMessageIdByExternal(tx: Database, whatsappId: number, externalId: string) {
      const [row] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.whatsappId, whatsappId), eq(messages.externalId, externalId)));
      return row?.id ?? null;
    },

    /** Stored once per (connection, external id): a second delivery answers null. */
    async insertMessage(tx: Database, values: MessageInsert) {
      const [row] = await tx
        .insert(messages)
        .values(values)
        .onConflictDoNothing({ target: [messages.whatsappId, messages.externalId] })
        .returning({ id: messages.id });
      return row?.id ?? null;
    },

    async touchTicket(
      tx: Database,
      companyId: number,
      ticketId: number,
      last: { text: string; fromMe: boolean; at: Date },
      unreadIncrement: number,
    ) {
      await tx
        .update(tickets)
        .set({
          lastMessage: last.text,
          lastMessageAt: last.at,
          lastMessageFromMe: last.fromMe,
          unreadMessages: sql`${tickets.unreadMessages} + ${unreadIncrement}`,
          updatedAt: new Date(),
        })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
    },

    /** Acks only move forward (a late "delivered" never undoes "read"). */
    async applyAck(companyId: number, whatsappId: number, externalId: string, ack: number) {
      const [row] = await db
        .update(messages)
        .set({ ack: sql`greatest(${messages.ack}, ${ack})`, updatedAt: new Date() })
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.whatsappId, whatsappId),
            eq(messages.externalId, externalId),
          ),
        )
        .returning({ id: messages.id, ticketId: messages.ticketId });
      return row ?? null;
    },

    async applyUpdate(
      companyId: number,
      whatsappId: number,
      externalId: string,
      change: { body: string; isEdited: true } | { isDeleted: true },
    ) {
      const [row] = await db
        .update(messages)
        .set({ ...change, updatedAt: new Date() })
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.whatsappId, whatsappId),
            eq(messages.externalId, externalId),
          ),
        )
        .returning({ id: messages.id, ticketId: messages.ticketId });
      return row ?? null;
    },

    /** What decides who hears about the ticket's messages (status, queue, assignee). */
    async ticketState(companyId: number, ticketId: number) {
      const [row] = await db
        .select({ id: tickets.id, status: tickets.status, queueId: tickets.queueId, userId: tickets.userId })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
      return row ?? null;
    },
  };
}

export type IntakeRepository = ReturnType<typeof createIntakeRepository>;
