import type { SandboxCustomerRecord, SandboxOutboxEntry, SandboxReaction } from '@wacrm/shared';
import { and, asc, desc, eq, gt, isNotNull, max, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../../platform/db/client.ts';
import { contacts, messageReactions, messages, tickets } from '../../../../tables.ts';
import { mimetypeOf } from '../../media-files.ts';
import { isVoiceNoteName, OGG_OPUS_MIMETYPE } from '../../voice-notes/voice-note.ts';

/** The newest entries one outbox read answers. */
const OUTBOX_LIMIT = 1_000;
/** The customers one read answers, the most recently active first. */
const CUSTOMERS_LIMIT = 500;

/**
 * What the company sent through a sandbox connection, as the simulated phone sees it, read
 * from the stored messages (fromMe, sent, on this connection): it survives a restart and every
 * server process answers the same. The message id is the entry's `seq`.
 */
export function createSandboxOutboxRepository(db: Database, mediaUrlOf: (relativePath: string) => string) {
  const quoted = alias(messages, 'quoted');
  const sentBy = (companyId: number, whatsappId: number) =>
    and(
      eq(messages.companyId, companyId),
      eq(messages.whatsappId, whatsappId),
      eq(messages.fromMe, true),
      isNotNull(messages.externalId),
    );

  return {
    async list(companyId: number, whatsappId: number, filter: { to?: string; after?: number }) {
      const conditions = [sentBy(companyId, whatsappId)];
      if (filter.to) {
        // People by digits, groups by their id.
        const digits = filter.to.replace(/\D/g, '');
        conditions.push(or(eq(contacts.number, filter.to), eq(contacts.number, digits))!);
      }
      if (filter.after !== undefined) conditions.push(gt(messages.id, filter.after));
      const rows = await db
        .select({
          message: messages,
          to: contacts.number,
          isGroup: contacts.isGroup,
          quotedId: quoted.externalId,
        })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
        .where(and(...conditions))
        // Newest first when reading from the start, so the limit keeps the latest.
        .orderBy(filter.after === undefined ? desc(messages.id) : asc(messages.id))
        .limit(OUTBOX_LIMIT);
      if (filter.after === undefined) rows.reverse();
      return rows.map(({ message, to, isGroup, quotedId }): SandboxOutboxEntry => {
        const isVoiceNote = message.mediaType === 'audio' && isVoiceNoteName(message.mediaName);
        return {
          seq: message.id,
          id: message.externalId!,
          to,
          isGroup,
          body: message.body,
          media: message.mediaPath
            ? {
                filename: message.mediaName ?? 'file',
                mimetype: isVoiceNote
                  ? OGG_OPUS_MIMETYPE
                  : mimetypeOf(message.mediaName ?? message.mediaPath, message.mediaType),
                url: mediaUrlOf(message.mediaPath),
                voiceNote: isVoiceNote,
              }
            : null,
          quotedId: quotedId ?? null,
          ack: message.ack,
          deleted: message.isDeleted,
          edited: message.isEdited,
          time: message.createdAt.toISOString(),
        };
      });
    },

    /** The people and groups with a ticket on this connection, the most recently active first. */
    async customers(companyId: number, whatsappId: number): Promise<SandboxCustomerRecord[]> {
      const lastActive = max(tickets.updatedAt);
      return db
        .select({ number: contacts.number, name: contacts.name, isGroup: contacts.isGroup })
        .from(tickets)
        .innerJoin(contacts, and(eq(contacts.id, tickets.contactId), eq(contacts.companyId, companyId)))
        .where(and(eq(tickets.companyId, companyId), eq(tickets.whatsappId, whatsappId)))
        .groupBy(contacts.id, contacts.number, contacts.name, contacts.isGroup)
        .orderBy(desc(lastActive), desc(contacts.id))
        .limit(CUSTOMERS_LIMIT);
    },

    /**
     * The company's current reactions to messages of this connection's chats (one per message:
     * WhatsApp's rule), newest first, as the simulated phone shows them.
     */
    async reactions(companyId: number, whatsappId: number, filter: { to?: string }): Promise<SandboxReaction[]> {
      const conditions = [
        eq(messageReactions.companyId, companyId),
        eq(messageReactions.fromMe, true),
        eq(messages.whatsappId, whatsappId),
        isNotNull(messages.externalId),
      ];
      if (filter.to) {
        const digits = filter.to.replace(/\D/g, '');
        conditions.push(or(eq(contacts.number, filter.to), eq(contacts.number, digits))!);
      }
      const rows = await db
        .select({
          id: messages.externalId,
          chatId: contacts.number,
          emoji: messageReactions.emoji,
          time: messageReactions.updatedAt,
        })
        .from(messageReactions)
        .innerJoin(messages, and(eq(messages.id, messageReactions.messageId), eq(messages.companyId, companyId)))
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(...conditions))
        .orderBy(desc(messageReactions.updatedAt))
        .limit(OUTBOX_LIMIT);
      return rows.map((row) => ({ id: row.id!, chatId: row.chatId, emoji: row.emoji, time: row.time.toISOString() }));
    },

    /**
     * A message of this connection by its WhatsApp id, with its chat: what a simulated customer
     * may edit, delete or react to. Null when the connection has no such message.
     */
    async chatMessage(companyId: number, whatsappId: number, externalId: string) {
      const [row] = await db
        .select({
          fromMe: messages.fromMe,
          participant: messages.participant,
          chatId: contacts.number,
          isGroup: contacts.isGroup,
        })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(
          and(
            eq(messages.companyId, companyId),
            eq(messages.whatsappId, whatsappId),
            eq(messages.externalId, externalId),
          ),
        );
      return row ?? null;
    },

    /** Whether `externalId` is something the company sent through this connection (acks are for those). */
    async isSent(companyId: number, whatsappId: number, externalId: string) {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(sentBy(companyId, whatsappId), eq(messages.externalId, externalId)));
      return Boolean(row);
    },
  };
}

export type SandboxOutboxRepository = ReturnType<typeof createSandboxOutboxRepository>;
