import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { companies, contacts, messages, whatsappQueues, whatsapps } from '../../tables.ts';
import { externalApiRateWindows, externalApiRequests } from './public-api.tables.ts';

export type ContactRow = typeof contacts.$inferSelect;

/** The connection a token belongs to, with what decides whether its company may use the API. */
export interface TokenConnection {
  id: number;
  companyId: number;
  status: string;
  companyStatus: boolean;
  dueDate: string | null;
}

export interface StoredRequest {
  requestHash: string;
  answer: { messageIds: number[]; ticketId: number; contactId: number } | null;
}

export function createPublicApiRepository(db: Database) {
  return {
    async connectionByToken(token: string): Promise<TokenConnection | null> {
      const [row] = await db
        .select({
          id: whatsapps.id,
          companyId: whatsapps.companyId,
          status: whatsapps.status,
          companyStatus: companies.status,
          dueDate: companies.dueDate,
        })
        .from(whatsapps)
        .innerJoin(companies, eq(companies.id, whatsapps.companyId))
        .where(eq(whatsapps.token, token));
      return row ?? null;
    },

    /** Counts one request in the current window (all processes share it); answers the count. */
    async hit(whatsappId: number, windowStart: Date) {
      const [row] = await db
        .insert(externalApiRateWindows)
        .values({ whatsappId, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [externalApiRateWindows.whatsappId, externalApiRateWindows.windowStart],
          set: { hits: sql`${externalApiRateWindows.hits} + 1` },
        })
        .returning({ hits: externalApiRateWindows.hits });
      if (row.hits === 1) {
        // A new window: forget the old ones of this connection.
        await db
          .delete(externalApiRateWindows)
          .where(
            and(eq(externalApiRateWindows.whatsappId, whatsappId), lt(externalApiRateWindows.windowStart, windowStart)),
          );
      }
      return row.hits;
    },

    async findRequest(handle: Database, whatsappId: number, key: string): Promise<StoredRequest | null> {
      const [row] = await handle
        .select({ requestHash: externalApiRequests.requestHash, answer: externalApiRequests.answer })
        .from(externalApiRequests)
        .where(and(eq(externalApiRequests.whatsappId, whatsappId), eq(externalApiRequests.key, key)));
      return row ? { requestHash: row.requestHash, answer: row.answer as StoredRequest['answer'] } : null;
    },

    /** Claims a key inside the sending transaction; false when another request holds it. */
    async claimRequest(tx: Database, companyId: number, whatsappId: number, key: string, requestHash: string) {
      const rows = await tx
        .insert(externalApiRequests)
        .values({ companyId, whatsappId, key, requestHash })
        .onConflictDoNothing()
        .returning({ key: externalApiRequests.key });
      return rows.length === 1;
    },

    async settleRequest(tx: Database, whatsappId: number, key: string, answer: NonNullable<StoredRequest['answer']>) {
      await tx
        .update(externalApiRequests)
        .set({ answer, messageId: answer.messageIds[0] })
        .where(and(eq(externalApiRequests.whatsappId, whatsappId), eq(externalApiRequests.key, key)));
    },

    forgetRequestsBefore: (whatsappId: number, before: Date) =>
      db
        .delete(externalApiRequests)
        .where(and(eq(externalApiRequests.whatsappId, whatsappId), lt(externalApiRequests.createdAt, before))),

    /** A connection with exactly one queue puts API tickets in it. */
    async onlyQueueOf(handle: Database, whatsappId: number) {
      const rows = await handle
        .select({ queueId: whatsappQueues.queueId })
        .from(whatsappQueues)
        .where(eq(whatsappQueues.whatsappId, whatsappId))
        .limit(2);
      return rows.length === 1 ? rows[0].queueId : null;
    },

    /** A message the token's connection sent, as the API shows it. */
    async externalMessages(companyId: number, whatsappId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: messages.id,
          ticketId: messages.ticketId,
          contactId: messages.contactId,
          number: contacts.number,
          ack: messages.ack,
          failed: messages.failed,
          sendError: messages.sendError,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .leftJoin(contacts, eq(contacts.id, messages.contactId))
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.whatsappId, whatsappId),
            eq(messages.fromMe, true),
            inArray(messages.id, ids),
          ),
        )
        .orderBy(messages.id);
    },
  };
}

export type PublicApiRepository = ReturnType<typeof createPublicApiRepository>;
