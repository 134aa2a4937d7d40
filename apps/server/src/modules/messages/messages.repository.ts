import type { ContactRecord, MessageRecord, ThreadTicketRef, TicketRecord } from '@wacrm/shared';
import { pageSizes } from '@wacrm/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../platform/db/client.ts';
import type { FileStorage } from '../../platform/storage/local-storage.ts';
import { contacts, messageReactions, messages, queues, tickets, users } from '../../tables.ts';
import { createTicketRecordReader, ticketWrites } from '../tickets/index.ts';

type ContactRow = typeof contacts.$inferSelect;

/** A reaction as the message query builds it (jsonb: the time is text). */
interface ReactionRow {
  emoji: string;
  fromMe: boolean;
  userId: number | null;
  contactId: number | null;
  name: string | null;
  createdAt: string;
}

export function toContactRecord(row: ContactRow): ContactRecord {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * Reads the conversation records the API and the realtime events carry (messages with their
 * quoted message and contact, tickets with contact, queue, user and connection), company first.
 */
export function createMessagesRepository(db: Database, storage: Pick<FileStorage, 'urlOf'>) {
  const mediaUrl = (path: string | null) => (path ? storage.urlOf(path) : null);
  const quoted = alias(messages, 'quoted');
  const quotedContact = alias(contacts, 'quoted_contact');
  // A message's reactions ride along in its row (one index probe per message, no second query);
  // the names are the chips' "who reacted".
  const reactionsOfMessage = sql<ReactionRow[]>`(
    select coalesce(jsonb_agg(jsonb_build_object(
      'emoji', r.emoji, 'fromMe', r.from_me, 'userId', r.user_id, 'contactId', r.contact_id,
      'name', coalesce(ru.name, rc.name), 'createdAt', r.updated_at
    ) order by r.id), '[]'::jsonb)
    from ${messageReactions} r
    left join ${users} ru on ru.id = r.user_id
    left join ${contacts} rc on rc.id = r.contact_id
    where r.message_id = ${messages.id}
  )`;

  async function findContact(companyId: number, contactId: number) {
    const [row] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
    return row ? toContactRecord(row) : null;
  }

  const ticketRecords = createTicketRecordReader(db);
  async function findTicket(companyId: number, ticketId: number): Promise<TicketRecord | null> {
    const [record] = await ticketRecords(db, companyId, [ticketId]);
    return record ?? null;
  }

  // Every thread page and message event reads these, through named prepared statements: one for
  // a page, one for a single message (an event), which PostgreSQL plans once instead of at every
  // run as it does for a one-element `any($ids)` (the ticket record reader says more).
  const selectMessageRows = (which: SQL, extra: { threadCount?: SQL.Aliased<number> } = {}) =>
    db
      .select({
        ...extra,
        message: messages,
        contact: {
          id: contacts.id,
          name: contacts.name,
          number: contacts.number,
          profilePicUrl: contacts.profilePicUrl,
        },
        quoted: {
          id: quoted.id,
          body: quoted.body,
          fromMe: quoted.fromMe,
          mediaType: quoted.mediaType,
          mediaPath: quoted.mediaPath,
          isDeleted: quoted.isDeleted,
          // Not in the record: what a send of the quoting message names (`outboundOf`).
          externalId: quoted.externalId,
        },
        quotedContact: { id: quotedContact.id, name: quotedContact.name },
        reactions: reactionsOfMessage,
      })
      .from(messages)
      .leftJoin(contacts, eq(contacts.id, messages.contactId))
      .leftJoin(quoted, and(eq(quoted.id, messages.quotedMsgId), eq(quoted.companyId, sql.placeholder('companyId'))))
      .leftJoin(quotedContact, eq(quotedContact.id, quoted.contactId))
      .where(and(eq(messages.companyId, sql.placeholder('companyId')), which))
      .orderBy(asc(messages.id));
  const messagePage = selectMessageRows(sql`${messages.id} = any(${sql.placeholder('ids')}::bigint[])`).prepare(
    'message_records',
  );
  const oneMessage = selectMessageRows(eq(messages.id, sql.placeholder('id'))).prepare('message_record');

  // A thread page in one statement: the page's ids walk the (ticket_id, id) index backwards from
  // the cursor (or past the offset), one more than the page to tell whether there is more, and the
  // thread's count rides along once (an init plan). Counted by ticket alone, an index-only walk:
  // the caller checked the ticket is the company's, and a message always belongs to its ticket's
  // company (with the company's condition a 2,500-message thread read its 2,500 rows,
  // docs/performance-log.md, "Where issue 22 ends"). Without a cursor the walk starts below the
  // largest id, which is the same walk.
  const threadPage = selectMessageRows(
    sql`${messages.id} in (select page.id from ${messages} as page
      where page.company_id = ${sql.placeholder('companyId')} and page.ticket_id = ${sql.placeholder('ticketId')}
        and page.id < ${sql.placeholder('before')}
      order by page.id desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})`,
    {
      threadCount: sql<number>`(select count(*)::int from ${messages} as thread
        where thread.ticket_id = ${sql.placeholder('ticketId')})`.as('thread_count'),
    },
  ).prepare('message_thread_page');
  /** Below every message id: the walk of a page without a cursor. */
  const noCursor = '9223372036854775807';

  /**
   * The records of messages, oldest first. `hideDeleted`: for a viewer the company setting
   * `deletedMessagesVisibleTo` excludes, a message deleted for everyone (and a quote of one)
   * keeps only the fact that it was deleted: no text, media or earlier texts.
   */
  async function findMessages(
    companyId: number,
    ids: number[],
    options: { hideDeleted?: boolean } = {},
  ): Promise<MessageRecord[]> {
    if (ids.length === 0) return [];
    const rows = await (ids.length === 1
      ? oneMessage.execute({ companyId, id: ids[0] })
      : messagePage.execute({ companyId, ids }));
    return rows.map((row) => toRecord(row, options.hideDeleted === true));
  }

  /**
   * A message as every reader sees it, and, when it or its quote is deleted for everyone, as
   * those the company's `deletedMessagesVisibleTo` excludes see it (else null).
   */
  function viewsOf(row: MessageReadRow) {
    return { message: toRecord(row, false), emptied: emptiedOf(row) };
  }

  function emptiedOf(row: MessageReadRow) {
    const hasDeletedPart = row.message.isDeleted || row.quoted?.isDeleted === true;
    return hasDeletedPart ? toRecord(row, true) : null;
  }

  function toRecord(
    { message, contact, quoted: quotedRow, quotedContact: quotedContactRow, reactions }: MessageReadRow,
    hide: boolean,
  ): MessageRecord {
    const isHidden = hide && message.isDeleted;
    const isQuoteHidden = hide && quotedRow?.isDeleted === true;
    return {
      id: message.id,
      ticketId: message.ticketId,
      contactId: message.contactId,
      whatsappId: message.whatsappId,
      body: isHidden ? '' : message.body,
      fromMe: message.fromMe,
      read: message.read,
      ack: message.ack,
      failed: message.failed,
      sendError: message.sendError,
      mediaType: message.mediaType,
      mediaUrl: isHidden ? null : mediaUrl(message.mediaPath),
      mediaName: isHidden ? null : message.mediaName,
      quotedMsgId: message.quotedMsgId,
      quotedMsg: quotedRow?.id
        ? {
            id: quotedRow.id,
            body: isQuoteHidden ? '' : quotedRow.body,
            fromMe: quotedRow.fromMe,
            mediaType: quotedRow.mediaType,
            mediaUrl: isQuoteHidden ? null : mediaUrl(quotedRow.mediaPath),
            contact: quotedContactRow?.id ? quotedContactRow : null,
          }
        : null,
      participant: message.participant,
      participantName: message.participantName,
      isDeleted: message.isDeleted,
      isEdited: message.isEdited,
      editHistory: isHidden ? [] : message.editHistory,
      reactions: reactions.map((reaction) => ({
        ...reaction,
        createdAt: new Date(reaction.createdAt).toISOString(),
      })),
      userId: message.userId,
      isSystem: message.isSystem,
      contact: contact?.id ? contact : null,
      createdAt: message.createdAt.toISOString(),
      updatedAt: message.updatedAt.toISOString(),
    };
  }

  return {
    findContact,
    findTicket,
    findMessages,

    async findMessage(companyId: number, id: number, options: { hideDeleted?: boolean } = {}) {
      const [message] = await findMessages(companyId, [id], options);
      return message ?? null;
    },

    /**
     * A message as every reader sees it, and, when it or its quote is deleted for everyone, as
     * those the company's `deletedMessagesVisibleTo` excludes see it (else null): one read.
     */
    async findMessageViews(companyId: number, id: number) {
      const [row] = await oneMessage.execute({ companyId, id });
      return row ? viewsOf(row) : null;
    },

    /**
     * Messages just stored, each as its record and as the row that record was built from, on which
     * their first send attempt builds (publish): one read for the announcement and the send.
     */
    async findStored(companyId: number, ids: number[]): Promise<StoredMessage[]> {
      if (ids.length === 0) return [];
      const rows = await (ids.length === 1
        ? oneMessage.execute({ companyId, id: ids[0] })
        : messagePage.execute({ companyId, ids }));
      return rows.map((row) => ({ record: toRecord(row, false), row }));
    },

    /** A stored message as those kept from its deleted part (its own or its quote's) see it, or null. */
    emptiedOf: (stored: StoredMessage) => emptiedOf(stored.row),

    /**
     * The views of a stored message once `message`, its row as a write returned it, replaced the
     * one it was read with; its contact, quote and reactions as they were read.
     */
    viewsAfter: (stored: StoredMessage, message: MessageTableRow) => viewsOf({ ...stored.row, message }),

    /**
     * An attendant opened the ticket: the customer's unread messages of it are read. Runs in the
     * tickets module's transaction (which zeroes the counter); answers the provider ids that need
     * a read receipt.
     */
    async markReadInTicket(tx: Database, companyId: number, ticketId: number) {
      const marked = await tx
        .update(messages)
        .set({ read: true })
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.ticketId, ticketId),
            eq(messages.read, false),
            eq(messages.fromMe, false),
          ),
        )
        .returning({ externalId: messages.externalId });
      return marked.flatMap((row) => (row.externalId ? [row.externalId] : []));
    },

    /**
     * A message an attendant may quote in `ticket`: one the thread shows, i.e. of this ticket or
     * of an earlier ticket of the same contact on the same connection. Anything else is null.
     */
    async findQuotable(
      companyId: number,
      id: number,
      ticket: { id: number; contactId: number; whatsappId: number | null },
    ) {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .innerJoin(tickets, and(eq(tickets.id, messages.ticketId), eq(tickets.companyId, companyId)))
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.id, id),
            or(
              eq(messages.ticketId, ticket.id),
              and(
                eq(tickets.contactId, ticket.contactId),
                ticket.whatsappId === null ? isNull(tickets.whatsappId) : eq(tickets.whatsappId, ticket.whatsappId),
                lt(tickets.id, ticket.id),
              ),
            ),
          ),
        );
      return row ?? null;
    },

    async findMessageRow(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
      return row ?? null;
    },

    /**
     * One page of one ticket's messages, newest page first, each page oldest-first as the thread
     * shows it. `before` (a message id) walks the (ticket_id, id) index from there: page 50 costs
     * what page 1 costs; `pageNumber` alone still works (OFFSET). `ticketId` must be a ticket of
     * `companyId`, already checked.
     */
    async listPage(
      companyId: number,
      ticketId: number,
      query: { pageNumber: number; before?: number },
      options: { hideDeleted?: boolean } = {},
    ) {
      const size = pageSizes.messages;
      const rows = await threadPage.execute({
        companyId,
        ticketId,
        before: query.before ?? noCursor,
        limit: size + 1,
        offset: query.before ? 0 : (query.pageNumber - 1) * size,
      });
      // Only a page past the end, which has no row to carry the count, asks for it on its own.
      const count =
        rows[0]?.threadCount ??
        (
          await queryRows<{ count: number }>(
            db,
            sql`select count(*)::int as count from ${messages} where ${eq(messages.ticketId, ticketId)}`,
          )
        )[0].count;
      const hideDeleted = options.hideDeleted === true;
      // Oldest first: the row past the page, when there is one, is the oldest.
      const page = rows.length > size ? rows.slice(1) : rows;
      return { messages: page.map((row) => toRecord(row, hideDeleted)), count, hasMore: rows.length > size };
    },

    async findTicketRow(companyId: number, ticketId: number) {
      const [row] = await db
        .select({ id: tickets.id, contactId: tickets.contactId, whatsappId: tickets.whatsappId })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
      return row ?? null;
    },

    /** The ticket just before `ticket` in its contact's history on the same connection (the thread's divider). */
    async previousTicket(
      companyId: number,
      ticket: { id: number; contactId: number; whatsappId: number | null },
    ): Promise<ThreadTicketRef | null> {
      const [row] = await db
        .select({
          id: tickets.id,
          uuid: tickets.uuid,
          status: tickets.status,
          createdAt: tickets.createdAt,
          closedAt: tickets.closedAt,
          user: { id: users.id, name: users.name },
          queue: { id: queues.id, name: queues.name, color: queues.color },
        })
        .from(tickets)
        .leftJoin(users, eq(users.id, tickets.userId))
        .leftJoin(queues, eq(queues.id, tickets.queueId))
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.contactId, ticket.contactId),
            ticket.whatsappId === null ? isNull(tickets.whatsappId) : eq(tickets.whatsappId, ticket.whatsappId),
            lt(tickets.id, ticket.id),
          ),
        )
        .orderBy(desc(tickets.id))
        .limit(1);
      if (!row) return null;
      return {
        id: row.id,
        uuid: row.uuid,
        status: row.status as ThreadTicketRef['status'],
        createdAt: row.createdAt.toISOString(),
        closedAt: row.closedAt?.toISOString() ?? null,
        user: row.user?.id ? row.user : null,
        queue: row.queue?.id ? row.queue : null,
      };
    },

    /** The user name for the signature. */
    async userName(companyId: number, userId: number) {
      const [row] = await db
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
      return row?.name ?? null;
    },

    /** Outbound messages of a connection still waiting to be sent, oldest first, after `afterId`. */
    async pendingOutbound(companyId: number, whatsappId: number, afterId = 0, limit = 500) {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.whatsappId, whatsappId),
            eq(messages.fromMe, true),
            isNull(messages.externalId),
            eq(messages.failed, false),
            eq(messages.isDeleted, false),
            gt(messages.id, afterId),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Marks failed the outbound messages that waited for their connection since before `before`
     * and are not being sent right now; answers them (a batch at a time).
     */
    async expireUnsent(before: Date, sendError: string, limit: number) {
      const waiting = db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            isNotNull(messages.whatsappId),
            eq(messages.fromMe, true),
            isNull(messages.externalId),
            eq(messages.failed, false),
            eq(messages.isDeleted, false),
            lt(messages.createdAt, before),
            or(isNull(messages.sendingUntil), lt(messages.sendingUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(limit);
      return db
        .update(messages)
        .set({ failed: true, sendError, updatedAt: new Date() })
        .where(and(inArray(messages.id, waiting), isNull(messages.externalId), eq(messages.failed, false)))
        .returning({ id: messages.id, companyId: messages.companyId });
    },

    /** What a session needs to send one stored message. */
    async findOutbound(companyId: number, id: number): Promise<OutboundMessage | null> {
      const [row] = await db
        .select({
          message: messages,
          contactId: tickets.contactId,
          chatId: contacts.number,
          isGroup: contacts.isGroup,
          quotedExternalId: quoted.externalId,
          quotedFromMe: quoted.fromMe,
        })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
      return row ?? null;
    },

    /**
     * Claims an unsent message for one send attempt, in the database so that no two processes
     * (a retry job here, a flush there) send it both; the claim lapses by itself if the sender dies.
     */
    async claimSending(companyId: number, id: number, seconds: number) {
      const rows = await db
        .update(messages)
        .set({ sendingUntil: sql`now() + ${seconds} * interval '1 second'` })
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.id, id),
            isNull(messages.externalId),
            or(isNull(messages.sendingUntil), lt(messages.sendingUntil, sql`now()`)),
          ),
        )
        .returning({ id: messages.id });
      return rows.length > 0;
    },

    async releaseSending(companyId: number, id: number) {
      await db
        .update(messages)
        .set({ sendingUntil: null })
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
    },

    /**
     * The hand-over: the provider took the message and gave its id (`sentAt`, what schedules and
     * campaigns show). Answers the row as written, which the send's announcement is built from.
     */
    async markSent(companyId: number, id: number, externalId: string, sentAt: Date) {
      const [row] = await db
        .update(messages)
        .set({
          externalId,
          sendingUntil: null,
          ack: sql`greatest(${messages.ack}, 1)`,
          sentAt,
          updatedAt: new Date(),
        })
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
        .returning();
      return row ?? null;
    },

    /** When the customer last wrote on this connection, in any of their tickets there; null if never. */
    async lastCustomerMessageAt(companyId: number, whatsappId: number, contactId: number) {
      const [row] = await db
        .select({ createdAt: messages.createdAt })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.contactId, contactId),
            eq(tickets.whatsappId, whatsappId),
            eq(messages.fromMe, false),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(1);
      return row?.createdAt ?? null;
    },

    async markFailed(companyId: number, id: number, sendError: string) {
      await db
        .update(messages)
        .set({ failed: true, sendError: sendError.slice(0, 1000), sendingUntil: null, updatedAt: new Date() })
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id), isNull(messages.externalId)));
    },

    /**
     * An attendant's edit that reached WhatsApp: the new text, the old one kept in the history,
     * the failure of an earlier attempt cleared. Answers false when the message was deleted meanwhile.
     */
    async applyOwnEdit(companyId: number, id: number, body: string, at: Date) {
      const rows = await db
        .update(messages)
        .set({
          body,
          isEdited: true,
          // The right side reads the row as it was: the text being replaced.
          // The right side reads the row as it was. WhatsApp's echo of this very edit may have
          // been applied first (intake): the same text again adds no history.
          editHistory: sql`case when ${messages.body} = ${body} then ${messages.editHistory}
            else ${messages.editHistory} || jsonb_build_array(jsonb_build_object('body', ${messages.body}, 'editedAt', ${at.toISOString()}::text)) end`,
          sendError: null,
          updatedAt: at,
        })
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id), eq(messages.isDeleted, false)))
        .returning({ id: messages.id });
      return rows.length > 0;
    },

    /** An edit that did not reach WhatsApp: the message keeps its text and says so (`sendError`). */
    async markEditFailed(companyId: number, id: number, sendError: string, at: Date) {
      await db
        .update(messages)
        .set({ sendError, updatedAt: at })
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id), eq(messages.failed, false)));
    },

    async markDeleted(companyId: number, id: number) {
      await db
        .update(messages)
        .set({ isDeleted: true, updatedAt: new Date() })
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
    },

    /** Stores outbound messages (ack 0) and moves the ticket up, in one transaction. */
    async insertOutbound(
      companyId: number,
      ticketId: number,
      rows: Omit<typeof messages.$inferInsert, 'companyId' | 'ticketId'>[],
      lastMessage: string,
      at: Date,
      /**
       * The caller's transaction, which the writes join and commit with. No savepoint of their
       * own: no caller goes on in its transaction after they fail (two statements a message less).
       */
      callerTransaction?: Database,
    ) {
      const write = async (tx: Database) => {
        const inserted = await tx
          .insert(messages)
          .values(rows.map((row) => ({ ...row, companyId, ticketId })))
          .returning({ id: messages.id });
        await ticketWrites.touchSent(tx, companyId, ticketId, lastMessage, at);
        return inserted.map((row) => row.id);
      };
      return callerTransaction ? write(callerTransaction) : db.transaction(write);
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;

type MessageTableRow = typeof messages.$inferSelect;

/** A message as the record statements read it: its row with its contact, quote and reactions. */
interface MessageReadRow {
  message: MessageTableRow;
  contact: Pick<ContactRow, 'id' | 'name' | 'number' | 'profilePicUrl'> | null;
  quoted: {
    id: number;
    body: string;
    fromMe: boolean;
    mediaType: string | null;
    mediaPath: string | null;
    isDeleted: boolean;
    externalId: string | null;
  } | null;
  quotedContact: { id: number; name: string } | null;
  reactions: ReactionRow[];
}

/** A message just stored: its record, and the row it was built from (`findStored`). */
export interface StoredMessage {
  record: MessageRecord;
  row: MessageReadRow;
}

/** What a session needs to send one stored message. */
export interface OutboundMessage {
  message: MessageTableRow;
  contactId: number;
  chatId: string;
  isGroup: boolean;
  quotedExternalId: string | null;
  quotedFromMe: boolean | null;
}

/** A message just stored, to be sent on its ticket (whose contact is the chat): no read needed. */
export function outboundOf(
  stored: StoredMessage,
  ticket: Pick<TicketRecord, 'contactId' | 'contact'>,
): OutboundMessage {
  return {
    message: stored.row.message,
    contactId: ticket.contactId,
    chatId: ticket.contact.number,
    isGroup: ticket.contact.isGroup,
    quotedExternalId: stored.row.quoted?.externalId ?? null,
    quotedFromMe: stored.row.quoted?.fromMe ?? null,
  };
}
