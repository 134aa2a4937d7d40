import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { messageReactions } from '../../tables.ts';

/** Who reacted: the key of their one reaction per message (messages.tables.ts says more). */
export interface Reactor {
  key: string;
  fromMe: boolean;
  userId: number | null;
  contactId: number | null;
}

/** The company's own number: attendants and the phone share its one reaction per message. */
export const companyReactor = (userId: number | null): Reactor => ({
  key: 'me',
  fromMe: true,
  userId,
  contactId: null,
});

export const customerReactor = (contactId: number): Reactor => ({
  key: `contact:${contactId}`,
  fromMe: false,
  userId: null,
  contactId,
});

/** A group member the product keeps no contact for. */
export const participantReactor = (participant: string): Reactor => ({
  key: `participant:${participant}`,
  fromMe: false,
  userId: null,
  contactId: null,
});

/**
 * The reactions to messages, one row per reactor and message. Both writes answer whether
 * anything changed: the same reaction told again (a redelivery, our own reaction echoed back by
 * the phone) changes nothing, and the callers announce only changes.
 */
export function createMessageReactionsRepository(db: Database) {
  return {
    /** Sets `reactor`'s reaction to `emoji`, or removes it when `emoji` is empty. */
    async set(companyId: number, messageId: number, reactor: Reactor, emoji: string, at: Date) {
      if (!emoji) {
        const removed = await db
          .delete(messageReactions)
          .where(
            and(
              eq(messageReactions.companyId, companyId),
              eq(messageReactions.messageId, messageId),
              eq(messageReactions.reactorKey, reactor.key),
            ),
          )
          .returning({ id: messageReactions.id });
        return removed.length > 0;
      }
      const written = await db
        .insert(messageReactions)
        .values({
          companyId,
          messageId,
          reactorKey: reactor.key,
          emoji,
          fromMe: reactor.fromMe,
          userId: reactor.userId,
          contactId: reactor.contactId,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: [messageReactions.messageId, messageReactions.reactorKey],
          set: {
            emoji,
            userId: reactor.userId,
            contactId: reactor.contactId,
            updatedAt: at,
          },
          // A changed reaction replaces the old one; the same one again is no change, unless an
          // attendant sets it (WhatsApp's echo of their reaction, without one, may come first).
          setWhere: sql`${messageReactions.companyId} = ${companyId} and (${messageReactions.emoji} <> excluded.emoji
            or (excluded.user_id is not null and ${messageReactions.userId} is distinct from excluded.user_id))`,
        })
        .returning({ id: messageReactions.id });
      return written.length > 0;
    },

    /** The company's current reaction to a message, if any. */
    async companyReaction(companyId: number, messageId: number) {
      const [row] = await db
        .select({ emoji: messageReactions.emoji })
        .from(messageReactions)
        .where(
          and(
            eq(messageReactions.companyId, companyId),
            eq(messageReactions.messageId, messageId),
            eq(messageReactions.reactorKey, 'me'),
          ),
        );
      return row?.emoji ?? null;
    },
  };
}

export type MessageReactionsRepository = ReturnType<typeof createMessageReactionsRepository>;
