import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/client.ts';
import { inKeys } from '../../platform/db/key-lists.ts';
import { tickets } from '../../tables.ts';

type TicketValues = Partial<typeof tickets.$inferInsert>;

/**
 * The waiting line's fields (issue 48) for a write that sets `values`. `queuedAt` is stamped the
 * first time the ticket has a queue in its cycle, kept through transfers between queues and
 * returns (a ticket transferred in keeps its place by its original time), cleared when it closes.
 * What the customer was told of the line starts over once an attendant holds the ticket or it closes.
 */
export function lineFieldsOf(values: TicketValues): LineFields {
  if (values.status === 'closed') return { queuedAt: null, ...untold };
  const fields: LineFields = values.status === 'open' ? { ...untold } : {};
  if (values.queueId === undefined && values.status === undefined) return fields;
  const queueId = values.queueId === undefined ? sql`${tickets.queueId}` : sql`${values.queueId}::int`;
  return {
    ...fields,
    queuedAt: sql`case when ${queueId} is null then ${tickets.queuedAt} else coalesce(${tickets.queuedAt}, now()) end`,
  };
}

interface LineFields {
  queuedAt?: null | SQL;
  waitingToldAt?: null;
  waitingToldPosition?: null;
  waitingUpdatesSent?: number;
}

const untold = { waitingToldAt: null, waitingToldPosition: null, waitingUpdatesSent: 0 };

/** A ticket's business-hours figures as the reports' sweep computed them (null: not measured). */
export interface BusinessSeconds {
  ticketId: number;
  firstResponse: number | null;
  wait: number | null;
  resolution: number | null;
  handling: number | null;
  /** The times they were computed from, as read: a ticket whose times moved since is left alone. */
  acceptedAt: string | null;
  closedAt: string | null;
  firstResponseAt: string | null;
  enteredQueueAt: string | null;
}

/** One ticket's move with the newest message of an intake batch. */
export interface TicketTouch {
  ticketId: number;
  lastMessage: string;
  fromMe: boolean;
  unreadIncrement: number;
}

/**
 * The writes other modules need on the `tickets` table (intake, routing automation, flows, bots,
 * sending): the tickets module is the only one that inserts, updates or deletes tickets. Each
 * takes the caller's handle, so it runs inside the caller's transaction when there is one.
 */
export const ticketWrites = {
  /** Sets fields of one of the company's tickets (and `updatedAt`). */
  async update(handle: Database, companyId: number, ticketId: number, values: TicketValues) {
    await handle
      .update(tickets)
      .set({ ...values, ...lineFieldsOf(values), updatedAt: new Date() })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  },

  /** Into a queue and out of the chatbot (a flow's ticket node, routing's transfer timer). */
  moveToQueue(handle: Database, companyId: number, ticketId: number, queueId: number) {
    return ticketWrites.update(handle, companyId, ticketId, { queueId, chatbot: false, queueOptionId: null });
  },

  /**
   * The customer is being told their place in line (issue 48): recorded only if nobody told them
   * since `toldAt` was read, so of two processes only one sends. Answers whether this call won.
   */
  async recordWaitingNotice(
    handle: Database,
    companyId: number,
    ticketId: number,
    notice: { toldAt: Date | null; position: number; isUpdate: boolean; at: Date },
  ) {
    const rows = await queryRows<{ id: number }>(
      handle,
      sql`update tickets set waiting_told_at = ${notice.at.toISOString()}::timestamptz,
          waiting_told_position = ${notice.position}::int,
          waiting_updates_sent = waiting_updates_sent + ${notice.isUpdate ? 1 : 0}::int
        where company_id = ${companyId} and id = ${ticketId} and status = 'pending' and user_id is null
          and waiting_told_at is not distinct from ${notice.toldAt?.toISOString() ?? null}::timestamptz
        returning id`,
    );
    return rows.length === 1;
  },

  /** A reply went out: the ticket moves up with it. */
  touchSent(handle: Database, companyId: number, ticketId: number, lastMessage: string, at: Date) {
    return ticketWrites.update(handle, companyId, ticketId, {
      lastMessage,
      lastMessageAt: at,
      lastMessageFromMe: true,
    });
  },

  /**
   * The ticket's last message was edited or deleted: its preview follows, if it still shows that
   * message (`previous`). The ticket does not move up. Answers whether the preview changed.
   */
  async replaceLastMessage(handle: Database, companyId: number, ticketId: number, previous: string, next: string) {
    if (previous === next) return false;
    const rows = await handle
      .update(tickets)
      .set({ lastMessage: next })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId), eq(tickets.lastMessage, previous)))
      .returning({ id: tickets.id });
    return rows.length > 0;
  },

  /** The rating question went out: the closed ticket waits for the answer until `dueAt`. */
  async awaitRating(handle: Database, companyId: number, ticketId: number, dueAt: Date) {
    await handle
      .update(tickets)
      .set({ ratingDueAt: dueAt })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  },

  /** The answers arrived (or something else was said): these tickets wait for no rating any more. */
  async endRatingWaits(handle: Database, companyId: number, ticketIds: number[]) {
    if (ticketIds.length === 0) return;
    await handle
      .update(tickets)
      .set({ ratingDueAt: null })
      .where(and(eq(tickets.companyId, companyId), inKeys(tickets.id, ticketIds, 'int')));
  },

  /** A deleted prompt or integration: the tickets still using it stop using one. */
  async forgetBot(handle: Database, companyId: number, column: 'promptId' | 'integrationId', id: number) {
    await handle
      .update(tickets)
      .set({ useIntegration: false })
      .where(and(eq(tickets.companyId, companyId), eq(tickets[column], id)));
  },

  /**
   * New pending tickets, one per contact, in one statement (intake's batches); the partial unique
   * index is the last word if another path raced us (those contacts are missing from the answer:
   * read them again).
   */
  async createPending(
    handle: Database,
    companyId: number,
    whatsappId: number,
    values: { contactId: number; isGroup: boolean }[],
  ) {
    if (values.length === 0) return [];
    const sorted = [...values].sort((a, b) => a.contactId - b.contactId);
    const rows = await queryRows<{ id: number; status: string; contact_id: number }>(
      handle,
      sql`insert into tickets (company_id, contact_id, whatsapp_id, is_group, status)
        select ${companyId}, t.contact_id, ${whatsappId}, t.is_group, 'pending'
        from unnest(
          ${sql.param(sorted.map((value) => value.contactId))}::int[],
          ${sql.param(sorted.map((value) => value.isGroup))}::bool[]
        ) with ordinality as t(contact_id, is_group, ord)
        order by t.ord
        on conflict (company_id, contact_id, whatsapp_id) where status <> 'closed' do nothing
        returning id, status, contact_id`,
    );
    return rows.map((row) => ({ id: Number(row.id), status: row.status, contactId: Number(row.contact_id) }));
  },

  /**
   * The reports' business-hours figures of tickets (issue 50), each written only if the times it
   * was computed from have not moved since they were read (a database trigger clears them then).
   */
  async setBusinessSeconds(handle: Database, companyId: number, values: BusinessSeconds[]) {
    if (values.length === 0) return;
    const sorted = [...values].sort((a, b) => a.ticketId - b.ticketId);
    const column = <K extends keyof BusinessSeconds>(key: K) => sql.param(sorted.map((value) => value[key]));
    await handle.execute(sql`
      update tickets set first_response_business_seconds = v.first_response, wait_business_seconds = v.wait,
        resolution_business_seconds = v.resolution, handling_business_seconds = v.handling
      from unnest(${column('ticketId')}::int[], ${column('firstResponse')}::int[], ${column('wait')}::int[],
        ${column('resolution')}::int[], ${column('handling')}::int[], ${column('acceptedAt')}::timestamptz[],
        ${column('closedAt')}::timestamptz[], ${column('firstResponseAt')}::timestamptz[],
        ${column('enteredQueueAt')}::timestamptz[])
        as v(id, first_response, wait, resolution, handling, accepted_at, closed_at, first_response_at, entered_queue_at)
      where tickets.company_id = ${companyId} and tickets.id = v.id and tickets.business_pending
        and tickets.accepted_at is not distinct from v.accepted_at and tickets.closed_at is not distinct from v.closed_at
        and tickets.first_response_at is not distinct from v.first_response_at
        and tickets.entered_queue_at is not distinct from v.entered_queue_at`);
  },

  /** Each ticket moves up with its newest message; unread grows by its customer messages. */
  async touchReceived(handle: Database, companyId: number, touches: TicketTouch[], at: Date) {
    if (touches.length === 0) return;
    const updatedAt = new Date().toISOString();
    if (touches.length === 1) {
      const [touch] = touches;
      await handle.execute(sql`
        update tickets set last_message = ${touch.lastMessage}, last_message_at = ${at.toISOString()}::timestamptz,
          last_message_from_me = ${touch.fromMe}, unread_messages = unread_messages + ${touch.unreadIncrement}::int,
          updated_at = ${updatedAt}::timestamptz
        where company_id = ${companyId} and id = ${touch.ticketId}`);
      return;
    }
    const sorted = [...touches].sort((a, b) => a.ticketId - b.ticketId);
    await handle.execute(sql`
      update tickets set last_message = touch.last_message, last_message_at = ${at.toISOString()}::timestamptz,
        last_message_from_me = touch.from_me, unread_messages = tickets.unread_messages + touch.unread,
        updated_at = ${updatedAt}::timestamptz
      from unnest(
        ${sql.param(sorted.map((touch) => touch.ticketId))}::int[],
        ${sql.param(sorted.map((touch) => touch.lastMessage))}::text[],
        ${sql.param(sorted.map((touch) => touch.fromMe))}::bool[],
        ${sql.param(sorted.map((touch) => touch.unreadIncrement))}::int[]
      ) as touch(id, last_message, from_me, unread)
      where tickets.company_id = ${companyId} and tickets.id = touch.id`);
  },
};
