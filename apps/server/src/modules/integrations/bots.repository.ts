import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { messages, tickets } from '../../tables.ts';
import { joinPendingTicket, pendingTicketFields, ticketWrites } from '../tickets/index.ts';
import { botSessions, prompts, queueIntegrations } from './integrations.tables.ts';

/** The reads and writes of the bot runtime; the company id is in every condition. */
export function createBotsRepository(db: Database) {
  // The pending ticket as the flows read it before the bots (`pendingTicketFields`), for when no
  // flow read came first or the ticket changed since: a named prepared statement, built and
  // planned once (docs/performance-log.md, "The inbound path's reads, prepared").
  const ticketState = joinPendingTicket(db.select(pendingTicketFields).from(tickets).$dynamic())
    .where(and(eq(tickets.companyId, sql.placeholder('companyId')), eq(tickets.id, sql.placeholder('ticketId'))))
    .prepare('bot_ticket_state');

  return {
    async ticketState(companyId: number, ticketId: number) {
      const [row] = await ticketState.execute({ companyId, ticketId });
      return row ?? null;
    },

    setTicket: (
      companyId: number,
      ticketId: number,
      values: Partial<typeof tickets.$inferInsert>,
      handle: Database = db,
    ) => ticketWrites.update(handle, companyId, ticketId, values),

    async message(companyId: number, messageId: number) {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
      return row ?? null;
    },

    /** Whether the customer wrote again after this message (the newer message's turn answers both). */
    async newerInbound(companyId: number, ticketId: number, messageId: number) {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.ticketId, ticketId),
            eq(messages.fromMe, false),
            gt(messages.id, messageId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** The ticket's last `limit` messages up to this one, oldest first. */
    async history(companyId: number, ticketId: number, uptoId: number, limit: number) {
      const rows = await db
        .select({ id: messages.id, fromMe: messages.fromMe, body: messages.body })
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId)))
        .orderBy(desc(messages.id))
        .limit(limit + 50);
      return rows
        .filter((row) => row.id <= uptoId)
        .slice(0, limit)
        .reverse();
    },

    async prompt(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(prompts)
        .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
      return row ?? null;
    },

    async integration(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(queueIntegrations)
        .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
      return row ?? null;
    },

    async session(companyId: number, ticketId: number, botKey: string) {
      const [row] = await db
        .select()
        .from(botSessions)
        .where(
          and(eq(botSessions.companyId, companyId), eq(botSessions.ticketId, ticketId), eq(botSessions.botKey, botKey)),
        );
      return row ?? null;
    },

    async saveSession(
      companyId: number,
      ticketId: number,
      botKey: string,
      values: { sessionId: string; state: Record<string, unknown>; expiresAt: Date | null },
    ) {
      await db
        .insert(botSessions)
        .values({ companyId, ticketId, botKey, ...values })
        .onConflictDoUpdate({
          target: [botSessions.ticketId, botSessions.botKey],
          set: { ...values, updatedAt: new Date() },
        });
    },

    async clearSession(companyId: number, ticketId: number, botKey: string) {
      await db
        .delete(botSessions)
        .where(
          and(eq(botSessions.companyId, companyId), eq(botSessions.ticketId, ticketId), eq(botSessions.botKey, botKey)),
        );
    },
  };
}

export type BotsRepository = ReturnType<typeof createBotsRepository>;
