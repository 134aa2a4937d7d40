import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { companies, contacts, queueOptions, queues, tickets, whatsappQueues, whatsapps } from '../../tables.ts';
import { ticketWrites } from '../tickets/index.ts';
import type { BotPatch, BotQueue } from './queue-chatbot.ts';

type TicketPatch = BotPatch & {
  outOfHoursSentAt?: Date;
  ratingDueAt?: Date | null;
};

/**
 * What decides whether routing has anything to do with a ticket's new message: the ticket's
 * routing and, of the connection the message came through, its greeting and whether it has queues.
 */
export interface RoutingState {
  status: string;
  isGroup: boolean;
  queueId: number | null;
  chatbot: boolean;
  greetingSentAt: Date | null;
  greetingMessage: string | null;
  hasQueues: boolean;
}

/** The queries of routing automation; company id first, `tx` where the caller holds the ticket's lock. */
export function createAutomationRepository(db: Database) {
  // Asked on every customer message of a pending ticket: a named prepared statement, built and
  // planned once (docs/performance-log.md, "The inbound path's reads, prepared").
  const companyParam = sql.placeholder('companyId');
  const routingState = db
    .select({
      status: tickets.status,
      isGroup: tickets.isGroup,
      queueId: tickets.queueId,
      chatbot: tickets.chatbot,
      greetingSentAt: tickets.greetingSentAt,
      greetingMessage: whatsapps.greetingMessage,
      hasQueues: sql<boolean>`exists (select 1 from ${whatsappQueues} where ${whatsappQueues.whatsappId} = ${whatsapps.id})`,
    })
    .from(tickets)
    .leftJoin(whatsapps, and(eq(whatsapps.companyId, companyParam), eq(whatsapps.id, sql.placeholder('whatsappId'))))
    .where(and(eq(tickets.companyId, companyParam), eq(tickets.id, sql.placeholder('ticketId'))))
    .prepare('routing_state');

  return {
    /** The ticket's `RoutingState` for a message through connection `whatsappId`, read without a lock. */
    async routingState(companyId: number, ticketId: number, whatsappId: number): Promise<RoutingState | null> {
      const [row] = await routingState.execute({ companyId, ticketId, whatsappId });
      return row ?? null;
    },

    /** The ticket, locked until the transaction ends, so two messages of a burst decide one after the other. */
    async lockTicket(tx: Database, companyId: number, ticketId: number) {
      const [row] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
        .for('update');
      return row ?? null;
    },

    async contact(companyId: number, contactId: number) {
      const [row] = await db
        .select({ id: contacts.id, name: contacts.name, disableBot: contacts.disableBot })
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
      return row ?? null;
    },

    /** False for group tickets and contacts excluded from bots: no automatic message reaches them. */
    async mayReceiveAutomaticMessages(companyId: number, ticketId: number) {
      const [row] = await db
        .select({ isGroup: tickets.isGroup, disableBot: contacts.disableBot })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
      return Boolean(row) && !row.isGroup && !row.disableBot;
    },

    async connection(companyId: number, whatsappId: number) {
      const [row] = await db
        .select()
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
      return row ?? null;
    },

    /** The connection's queues in menu order, each with its options tree and hours. */
    async connectionQueues(companyId: number, whatsappId: number) {
      const rows = await db
        .select({
          id: queues.id,
          name: queues.name,
          greetingMessage: queues.greetingMessage,
          outOfHoursMessage: queues.outOfHoursMessage,
          complationMessage: queues.complationMessage,
          ratingMessage: queues.ratingMessage,
          schedules: queues.schedules,
        })
        .from(whatsappQueues)
        .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
        .where(and(eq(whatsappQueues.whatsappId, whatsappId), eq(queues.companyId, companyId)))
        .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.id));
      const options = rows.length
        ? await db
            .select({
              id: queueOptions.id,
              queueId: queueOptions.queueId,
              parentId: queueOptions.parentId,
              option: queueOptions.option,
              title: queueOptions.title,
              message: queueOptions.message,
            })
            .from(queueOptions)
            .where(
              and(
                eq(queueOptions.companyId, companyId),
                inArray(
                  queueOptions.queueId,
                  rows.map((row) => row.id),
                ),
              ),
            )
        : [];
      return rows.map((row) => ({
        ...row,
        options: options.filter((option) => option.queueId === row.id),
      })) satisfies BotQueue[];
    },

    async queue(companyId: number, queueId: number) {
      const [row] = await db
        .select()
        .from(queues)
        .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
      return row ?? null;
    },

    async companySchedules(companyId: number) {
      const [row] = await db
        .select({ schedules: companies.schedules })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row?.schedules ?? [];
    },

    async patchTicket(tx: Database, companyId: number, ticketId: number, patch: TicketPatch) {
      if (Object.keys(patch).length === 0) return;
      await ticketWrites.update(tx, companyId, ticketId, patch);
    },

    /** The rating question went out: the closed ticket waits for the answer until `dueAt`. */
    awaitRating: (companyId: number, ticketId: number, dueAt: Date) =>
      ticketWrites.awaitRating(db, companyId, ticketId, dueAt),

    /**
     * Timer `timeToTransfer`: pending tickets without a queue, on connections with a transfer
     * queue, older than the connection's minutes. Across companies: the sweep serves them all.
     */
    async dueTransfers(now: Date, limit: number) {
      return db
        .select({
          id: tickets.id,
          companyId: tickets.companyId,
          transferQueueId: whatsapps.transferQueueId,
        })
        .from(tickets)
        .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
        .where(
          and(
            eq(tickets.status, 'pending'),
            isNull(tickets.queueId),
            isNotNull(whatsapps.transferQueueId),
            sql`${whatsapps.timeToTransfer} > 0`,
            lte(
              tickets.createdAt,
              sql`${now.toISOString()}::timestamptz - make_interval(mins => ${whatsapps.timeToTransfer})`,
            ),
          ),
        )
        .limit(limit);
    },

    /** Timer `expiresTicket`: open tickets whose last message was ours and is older than the connection's minutes. */
    async dueExpirations(now: Date, limit: number) {
      return db
        .select({
          id: tickets.id,
          companyId: tickets.companyId,
          lastMessageAt: tickets.lastMessageAt,
          expiresInactiveMessage: whatsapps.expiresInactiveMessage,
        })
        .from(tickets)
        .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
        .where(
          and(
            eq(tickets.status, 'open'),
            eq(tickets.lastMessageFromMe, true),
            sql`${whatsapps.expiresTicket} > 0`,
            lte(
              tickets.lastMessageAt,
              sql`${now.toISOString()}::timestamptz - make_interval(mins => ${whatsapps.expiresTicket})`,
            ),
          ),
        )
        .limit(limit);
    },

    /**
     * Moves a ticket only if it is still as the sweep saw it, so two nodes (or a retried job)
     * never act twice. Answers the state before the change, or null when someone was first.
     */
    async transferIfStillDue(companyId: number, ticketId: number, queueId: number) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(tickets)
          .where(
            and(
              eq(tickets.companyId, companyId),
              eq(tickets.id, ticketId),
              eq(tickets.status, 'pending'),
              isNull(tickets.queueId),
            ),
          )
          .for('update');
        if (!before) return null;
        await ticketWrites.moveToQueue(tx, companyId, ticketId, queueId);
        return before;
      });
    },

    async closeIfStillIdle(companyId: number, ticketId: number, lastMessageAt: Date | null, now: Date) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(tickets)
          .where(
            and(
              eq(tickets.companyId, companyId),
              eq(tickets.id, ticketId),
              eq(tickets.status, 'open'),
              eq(tickets.lastMessageFromMe, true),
              lastMessageAt ? eq(tickets.lastMessageAt, lastMessageAt) : isNull(tickets.lastMessageAt),
            ),
          )
          .for('update');
        if (!before) return null;
        await ticketWrites.update(tx, companyId, ticketId, { status: 'closed', closedAt: now });
        return before;
      });
    },
  };
}

export type AutomationRepository = ReturnType<typeof createAutomationRepository>;
