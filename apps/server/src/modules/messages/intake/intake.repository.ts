import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../platform/db/client.ts';
import { inKeys } from '../../../platform/db/key-lists.ts';
import { contacts, messages, settings, ticketRatings, tickets } from '../../../tables.ts';
import { createContactsRepository } from '../../contacts/index.ts';

/** One inbound message's row; company and connection are the batch's. */
export interface MessageValues {
  ticketId: number;
  contactId: number;
  externalId: string;
  body: string;
  fromMe: boolean;
  read: boolean;
  ack: number;
  mediaType: string | null;
  mediaPath: string | null;
  mediaName: string | null;
  quotedMsgId: number | null;
  participant: string | null;
  participantName: string | null;
  /** ISO time (sent as text: both drivers pass text arrays the same way). */
  createdAt: string;
}

/** A message as its channel names it: the provider's id on one connection of the company. */
function byExternalId(companyId: number, whatsappId: number, externalId: string) {
  return and(
    eq(messages.companyId, companyId),
    eq(messages.whatsappId, whatsappId),
    eq(messages.externalId, externalId),
  );
}

/**
 * The queries of the inbound path; company id first. `tx` is the batch's transaction. Lists go
 * as array parameters (`= any(...)`, `unnest`): one statement whatever the batch's size, and
 * one of its own for a batch of one message, the usual case (`inKeys`).
 */
export function createIntakeRepository(db: Database) {
  // Contacts are the contacts module's rows: intake creates and moves them through its repository.
  const contactRows = createContactsRepository(db);
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

    /** The external ids of this list already stored on the connection (redeliveries). */
    async storedExternalIds(tx: Database, whatsappId: number, externalIds: string[]) {
      if (externalIds.length === 0) return new Set<string>();
      const rows = await tx
        .select({ externalId: messages.externalId })
        .from(messages)
        .where(and(eq(messages.whatsappId, whatsappId), inKeys(messages.externalId, externalIds, 'text')));
      return new Set(rows.map((row) => row.externalId!));
    },

    findContactsByNumber: (tx: Database, companyId: number, numbers: string[]) =>
      tx
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), inKeys(contacts.number, numbers, 'text'))),

    /** New numbers (see the contacts repository's insertNumbers): the ids created. */
    insertContacts: contactRows.insertNumbers,

    /** The connection the contacts last wrote through. */
    moveContactsTo: contactRows.moveToConnection,

    /**
     * Serialises each contact's messages until the transaction ends, so that a burst never finds
     * "no open ticket" twice. The key is the tickets module's (`lockContact`), so accepting or
     * closing a ticket waits for intake and the other way round. Taken in id order: two batches
     * that share contacts queue up instead of deadlocking. Hashed key: no clash with other
     * features' advisory locks.
     */
    async lockContacts(tx: Database, companyId: number, contactIds: number[]) {
      const keys = [...new Set(contactIds)]
        .sort((a, b) => a - b)
        .map((contactId) => `contact-ticket:${companyId}:${contactId}`);
      if (keys.length === 0) return;
      if (keys.length === 1) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${keys[0]}, 0))`);
        return;
      }
      await tx.execute(sql`
        select pg_advisory_xact_lock(hashtextextended(k.lock_key, 0))
        from (select lock_key, ord from unnest(${sql.param(keys)}::text[]) with ordinality as u(lock_key, ord)
              order by ord) as k`);
    },

    /** The non-closed ticket of each contact on this connection (at most one: unique index). */
    findActiveTickets: (tx: Database, companyId: number, whatsappId: number, contactIds: number[]) =>
      tx
        .select({ id: tickets.id, status: tickets.status, contactId: tickets.contactId })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.whatsappId, whatsappId),
            inKeys(tickets.contactId, contactIds, 'int'),
            ne(tickets.status, 'closed'),
          ),
        ),

    /** Each contact's newest closed ticket on this connection that still waits for a rating. */
    async findTicketsAwaitingRating(
      tx: Database,
      companyId: number,
      whatsappId: number,
      contactIds: number[],
      now: Date,
    ) {
      if (contactIds.length === 0) return [];
      return tx
        .selectDistinctOn([tickets.contactId], {
          id: tickets.id,
          status: tickets.status,
          userId: tickets.userId,
          contactId: tickets.contactId,
        })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.whatsappId, whatsappId),
            inKeys(tickets.contactId, contactIds, 'int'),
            eq(tickets.status, 'closed'),
            gt(tickets.ratingDueAt, now),
          ),
        )
        .orderBy(tickets.contactId, desc(tickets.id));
    },

    /** The customers' answers, once per ticket; each waits for its comment until `commentDueAt`. */
    async recordRatings(
      tx: Database,
      companyId: number,
      values: { ticketId: number; userId: number | null; rate: number }[],
      commentDueAt: Date,
    ) {
      if (values.length === 0) return;
      await tx
        .insert(ticketRatings)
        .values(values.map((value) => ({ ...value, companyId, commentDueAt })))
        .onConflictDoNothing({ target: ticketRatings.ticketId });
    },

    /** Each contact's closed ticket on this connection whose rating still waits for a comment. */
    async findRatingsAwaitingComment(
      tx: Database,
      companyId: number,
      whatsappId: number,
      contactIds: number[],
      now: Date,
    ) {
      if (contactIds.length === 0) return [];
      return tx
        .selectDistinctOn([tickets.contactId], {
          id: tickets.id,
          status: tickets.status,
          contactId: tickets.contactId,
        })
        .from(ticketRatings)
        .innerJoin(tickets, eq(tickets.id, ticketRatings.ticketId))
        .where(
          and(
            eq(ticketRatings.companyId, companyId),
            gt(ticketRatings.commentDueAt, now),
            eq(tickets.companyId, companyId),
            eq(tickets.whatsappId, whatsappId),
            inKeys(tickets.contactId, contactIds, 'int'),
            eq(tickets.status, 'closed'),
          ),
        )
        .orderBy(tickets.contactId, desc(tickets.id));
    },

    /** The customer said something after rating: those ratings wait for no comment any more. */
    async endCommentWaits(tx: Database, companyId: number, ticketIds: number[]) {
      if (ticketIds.length === 0) return;
      await tx
        .update(ticketRatings)
        .set({ commentDueAt: null })
        .where(and(eq(ticketRatings.companyId, companyId), inKeys(ticketRatings.ticketId, ticketIds, 'int')));
    },

    async recordComments(tx: Database, companyId: number, values: { ticketId: number; comment: string }[]) {
      for (const { ticketId, comment } of values) {
        await tx
          .update(ticketRatings)
          .set({ comment })
          .where(and(eq(ticketRatings.companyId, companyId), eq(ticketRatings.ticketId, ticketId)));
      }
    },

    /** Message ids by provider id on one connection (quoted messages). */
    async messageIdsByExternal(tx: Database, whatsappId: number, externalIds: string[]) {
      if (externalIds.length === 0) return new Map<string, number>();
      const rows = await tx
        .select({ id: messages.id, externalId: messages.externalId })
        .from(messages)
        .where(and(eq(messages.whatsappId, whatsappId), inKeys(messages.externalId, externalIds, 'text')));
      return new Map(rows.map((row) => [row.externalId!, row.id]));
    },

    /**
     * The batch's messages in one statement, ids given in arrival order (the rows are produced in
     * arrival order, and each takes the next id as it is inserted). Stored once per
     * (connection, external id): a message stored meanwhile by someone else is missing from the
     * answer (external id → new id).
     */
    async insertMessages(tx: Database, companyId: number, whatsappId: number, values: MessageValues[]) {
      const column = <K extends keyof MessageValues>(key: K) => sql.param(values.map((value) => value[key]));
      const rows = await queryRows<{ id: number | string; external_id: string }>(
        tx,
        sql`insert into messages (company_id, whatsapp_id, ticket_id, contact_id, external_id, body, from_me, read,
            ack, media_type, media_path, media_name, quoted_msg_id, participant, participant_name, created_at)
          select ${companyId}, ${whatsappId}, m.ticket_id, m.contact_id, m.external_id, m.body, m.from_me, m.read,
            m.ack, m.media_type, m.media_path, m.media_name, m.quoted_msg_id, m.participant, m.participant_name,
            m.created_at
          from unnest(
            ${column('ticketId')}::int[], ${column('contactId')}::int[], ${column('externalId')}::text[],
            ${column('body')}::text[], ${column('fromMe')}::bool[], ${column('read')}::bool[], ${column('ack')}::int[],
            ${column('mediaType')}::text[], ${column('mediaPath')}::text[], ${column('mediaName')}::text[],
            ${column('quotedMsgId')}::bigint[], ${column('participant')}::text[], ${column('participantName')}::text[],
            ${column('createdAt')}::timestamptz[]
          ) with ordinality as m(ticket_id, contact_id, external_id, body, from_me, read, ack, media_type, media_path,
            media_name, quoted_msg_id, participant, participant_name, created_at, ord)
          order by m.ord
          on conflict (whatsapp_id, external_id) do nothing
          returning id, external_id`,
      );
      return new Map(rows.map((row) => [row.external_id, Number(row.id)]));
    },

    /** Quotes of a message stored earlier in the same batch (known only once it has its id). */
    async setQuotes(tx: Database, companyId: number, quotes: { messageId: number; quotedMsgId: number }[]) {
      if (quotes.length === 0) return;
      await tx.execute(sql`
        update messages set quoted_msg_id = quote.quoted_id
        from unnest(
          ${sql.param(quotes.map((quote) => quote.messageId))}::bigint[],
          ${sql.param(quotes.map((quote) => quote.quotedMsgId))}::bigint[]
        ) as quote(message_id, quoted_id)
        where messages.company_id = ${companyId} and messages.id = quote.message_id`);
    },

    /** Acks only move forward (a late "delivered" never undoes "read"). */
    async applyAck(companyId: number, whatsappId: number, externalId: string, ack: number) {
      const [row] = await db
        .update(messages)
        .set({ ack: sql`greatest(${messages.ack}, ${ack})`, updatedAt: new Date() })
        .where(byExternalId(companyId, whatsappId, externalId))
        .returning({ id: messages.id, ticketId: messages.ticketId });
      return row ?? null;
    },

    /** A message WhatsApp accepted and then could not deliver; one delivered or read stays so. */
    async applyDeliveryFailure(companyId: number, whatsappId: number, externalId: string, reason: string) {
      const [row] = await db
        .update(messages)
        .set({ failed: true, sendError: reason, updatedAt: new Date() })
        .where(and(byExternalId(companyId, whatsappId, externalId), lt(messages.ack, 2)))
        .returning({ id: messages.id, ticketId: messages.ticketId });
      return row ?? null;
    },

    /**
     * A provider's edit: the new text, the old one kept in `edit_history` with its time. Applied
     * once: an edit to the text the message already has (a redelivery, our own edit echoed back)
     * or of a deleted message changes nothing and answers null.
     */
    async applyEdit(companyId: number, whatsappId: number, externalId: string, body: string, at: Date) {
      const [row] = await db
        .update(messages)
        .set({
          body,
          isEdited: true,
          // The right side reads the row as it was: the text being replaced.
          editHistory: sql`${messages.editHistory} || jsonb_build_array(jsonb_build_object('body', ${messages.body}, 'editedAt', ${at.toISOString()}::text))`,
          updatedAt: at,
        })
        .where(
          and(byExternalId(companyId, whatsappId, externalId), ne(messages.body, body), eq(messages.isDeleted, false)),
        )
        .returning({
          id: messages.id,
          ticketId: messages.ticketId,
          // RETURNING reads the row as written: the history's last entry is the replaced text.
          previousBody: sql<string>`${messages.editHistory} -> -1 ->> 'body'`,
          mediaName: messages.mediaName,
          mediaType: messages.mediaType,
        });
      return row ?? null;
    },

    /** A provider's delete for everyone, applied once (a second one answers null). */
    async applyDelete(companyId: number, whatsappId: number, externalId: string, at: Date) {
      const [row] = await db
        .update(messages)
        .set({ isDeleted: true, updatedAt: at })
        .where(and(byExternalId(companyId, whatsappId, externalId), eq(messages.isDeleted, false)))
        .returning({
          id: messages.id,
          ticketId: messages.ticketId,
          body: messages.body,
          mediaName: messages.mediaName,
          mediaType: messages.mediaType,
        });
      return row ?? null;
    },

    /**
     * The message a reaction is for, with the customer of its chat (the ticket's contact) and, in
     * a group, the member's contact when the company has one by that number.
     */
    async reactionTarget(companyId: number, whatsappId: number, externalId: string, participant?: string) {
      const [row] = await db
        .select({ id: messages.id, ticketId: messages.ticketId, contactId: tickets.contactId })
        .from(messages)
        .innerJoin(tickets, and(eq(tickets.id, messages.ticketId), eq(tickets.companyId, companyId)))
        .where(byExternalId(companyId, whatsappId, externalId));
      if (!row || !participant) return row ? { ...row, participantContactId: null } : null;
      const [member] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), eq(contacts.number, participant), eq(contacts.isGroup, false)));
      return { ...row, participantContactId: member?.id ?? null };
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
