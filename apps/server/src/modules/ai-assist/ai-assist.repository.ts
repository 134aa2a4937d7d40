import { and, desc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { contacts, messages, prompts, quickMessages, tickets, users } from '../../tables.ts';
import { aiAssistUsage } from './ai-assist.tables.ts';

/** What the assist reads of a ticket's thread: one line of the transcript per message. */
export interface TranscriptMessage {
  id: number;
  fromMe: boolean;
  body: string;
  mediaType: string | null;
  isSystem: boolean;
  participantName: string | null;
}

const transcriptColumns = {
  id: messages.id,
  fromMe: messages.fromMe,
  body: messages.body,
  mediaType: messages.mediaType,
  isSystem: messages.isSystem,
  participantName: messages.participantName,
};

/** The assist's reads (threads, quick messages, a prompt's key) and its usage rows; company id first. */
export function createAiAssistRepository(db: Database) {
  return {
    async ticket(companyId: number, ticketId: number) {
      const [row] = await db
        .select({ id: tickets.id, contactId: tickets.contactId, contactName: contacts.name })
        .from(tickets)
        .leftJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
      return row ?? null;
    },

    /** The ticket's last `limit` messages, oldest first; deleted ones are left out (nobody sends them on). */
    async thread(companyId: number, ticketId: number, limit: number): Promise<TranscriptMessage[]> {
      const rows = await db
        .select(transcriptColumns)
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.isDeleted, false)))
        .orderBy(desc(messages.id))
        .limit(limit);
      return rows.reverse();
    },

    async message(companyId: number, ticketId: number, messageId: number) {
      const [row] = await db
        .select(transcriptColumns)
        .from(messages)
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.ticketId, ticketId),
            eq(messages.id, messageId),
            eq(messages.isDeleted, false),
          ),
        );
      return row ?? null;
    },

    /** The contact's earlier tickets, newest first. */
    async earlierTickets(companyId: number, contactId: number, beforeTicketId: number, limit: number) {
      const rows = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), lt(tickets.id, beforeTicketId)))
        .orderBy(desc(tickets.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** The company's quick messages and the caller's own, as the composer offers them. */
    quickMessages: (companyId: number, userId: number, limit: number) =>
      db
        .select({ shortcode: quickMessages.shortcode, message: quickMessages.message })
        .from(quickMessages)
        .where(
          and(
            eq(quickMessages.companyId, companyId),
            or(eq(quickMessages.geral, true), eq(quickMessages.userId, userId)),
            ne(quickMessages.message, ''),
          ),
        )
        .orderBy(quickMessages.shortcode)
        .limit(limit),

    async promptKey(companyId: number, promptId: number) {
      const [row] = await db
        .select({ apiKey: prompts.apiKey })
        .from(prompts)
        .where(and(eq(prompts.companyId, companyId), eq(prompts.id, promptId)));
      return row?.apiKey ?? null;
    },

    async userLanguage(companyId: number, userId: number) {
      const [row] = await db
        .select({ language: users.language })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
      return row?.language ?? null;
    },

    record: (row: typeof aiAssistUsage.$inferInsert) => db.insert(aiAssistUsage).values(row),

    /** Input plus output tokens the company used in [from, to). */
    async tokensUsed(companyId: number, from: Date, to: Date) {
      const [row] = await db
        .select({ used: sql<string>`coalesce(sum(${aiAssistUsage.inputTokens} + ${aiAssistUsage.outputTokens}), 0)` })
        .from(aiAssistUsage)
        .where(
          and(
            eq(aiAssistUsage.companyId, companyId),
            gte(aiAssistUsage.createdAt, from),
            lt(aiAssistUsage.createdAt, to),
          ),
        );
      return Number(row?.used ?? 0);
    },

    /** Requests and tokens by attendant and helper in [from, to). */
    usageByUser: (companyId: number, from: Date, to: Date) =>
      db
        .select({
          userId: aiAssistUsage.userId,
          userName: users.name,
          feature: aiAssistUsage.feature,
          requests: sql<number>`count(*)::int`,
          inputTokens: sql<number>`sum(${aiAssistUsage.inputTokens})::int`,
          outputTokens: sql<number>`sum(${aiAssistUsage.outputTokens})::int`,
        })
        .from(aiAssistUsage)
        .leftJoin(users, eq(users.id, aiAssistUsage.userId))
        .where(
          and(
            eq(aiAssistUsage.companyId, companyId),
            gte(aiAssistUsage.createdAt, from),
            lt(aiAssistUsage.createdAt, to),
          ),
        )
        .groupBy(aiAssistUsage.userId, users.name, aiAssistUsage.feature),
  };
}

export type AiAssistRepository = ReturnType<typeof createAiAssistRepository>;
