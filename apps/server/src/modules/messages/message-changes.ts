import { MESSAGE_EDIT_WINDOW_MS, type MessageRecord } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import type { MessageTarget } from '../channels/index.ts';
import { companyReactor, type MessageReactionsRepository } from './message-reactions.repository.ts';
import type { AnnounceMessageUpdate } from './message-updates.ts';
import type { MessagesRepository } from './messages.repository.ts';
import type { MessageSessions } from './messages.service.ts';

type MessageRow = NonNullable<Awaited<ReturnType<MessagesRepository['findMessageRow']>>>;

/**
 * Who changes a message: an attendant (`userId`) or the external API (`userId` null), and
 * whether they may reach it at all (an attendant: the ticket's access rule; the API: its own
 * connection). A message they may not reach is "not found", whoever's it is.
 */
export interface MessageActor {
  companyId: number;
  userId: number | null;
  mayReach(message: MessageRow): Promise<boolean>;
}

/**
 * Changes to messages already sent (docs/decisions/edits-deletes-reactions.md): an attendant's
 * edit of their own text message within WhatsApp's 15 minutes, a delete for everyone, and the
 * company's reaction to any message of the thread. Each reaches the customer first, through the
 * connection's session, and is stored only once it has; then every open view of the ticket hears of it.
 */
export function createMessageChanges(deps: {
  repository: Pick<
    MessagesRepository,
    'findMessage' | 'findMessageRow' | 'findOutbound' | 'applyOwnEdit' | 'markEditFailed' | 'markDeleted'
  >;
  reactions: MessageReactionsRepository;
  sessions: () => Pick<MessageSessions, 'reach' | 'capabilities'>;
  announce: AnnounceMessageUpdate;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  const { repository, log } = deps;

  async function reachable(actor: MessageActor, messageId: number) {
    const row = await repository.findMessageRow(actor.companyId, messageId);
    if (!row || !(await actor.mayReach(row))) throw new AppError('ERR_NOT_FOUND');
    return row;
  }

  /** The message as WhatsApp addresses it, with the live session of its connection. */
  async function channelOf(companyId: number, row: MessageRow) {
    const outbound = await repository.findOutbound(companyId, row.id);
    if (!outbound || !row.whatsappId || !row.externalId) throw new AppError('ERR_MESSAGE_NOT_SENT');
    const target: MessageTarget = {
      chatId: outbound.chatId,
      isGroup: outbound.isGroup,
      externalId: row.externalId,
      fromMe: row.fromMe,
      ...(row.participant ? { participant: row.participant } : {}),
    };
    const session = await deps.sessions().reach(row.whatsappId);
    return { target, session };
  }

  /** Nothing to change: the message as it is, and nothing announced. */
  async function current(companyId: number, messageId: number): Promise<MessageRecord> {
    const message = await repository.findMessage(companyId, messageId);
    if (!message) throw new AppError('ERR_NOT_FOUND');
    return message;
  }

  return {
    /** An attendant's (or the API's) own sent text message gets a new text. */
    async edit(actor: MessageActor, messageId: number, body: string) {
      const { companyId } = actor;
      const row = await reachable(actor, messageId);
      // Only what this author sent: an attendant their own; the API what no attendant or bot wrote.
      if (!row.fromMe || row.userId !== actor.userId || row.isSystem) throw new AppError('ERR_EDIT_NOT_OWN');
      if (row.isDeleted) throw new AppError('ERR_MESSAGE_DELETED');
      if (row.mediaType || row.mediaPath || row.structuredContent) throw new AppError('ERR_EDIT_NOT_TEXT');
      if (!row.externalId || !row.whatsappId) throw new AppError('ERR_MESSAGE_NOT_SENT');
      const sentAt = row.sentAt ?? row.createdAt;
      if (deps.clock().getTime() - sentAt.getTime() > MESSAGE_EDIT_WINDOW_MS) {
        throw new AppError('ERR_EDIT_WINDOW_CLOSED');
      }
      const capabilities = await deps.sessions().capabilities(companyId, row.whatsappId);
      if (!capabilities?.edit) throw new AppError('ERR_CHANNEL_CANNOT_EDIT');
      if (body === row.body) return current(companyId, messageId);

      const { target, session } = await channelOf(companyId, row);
      try {
        if (!session?.editMessage) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
        await session.editMessage(target, body);
      } catch (error) {
        // The customer still sees the earlier text: so does the thread, marked on the bubble.
        log.warn({ err: error, messageId }, 'edit did not reach WhatsApp');
        await repository.markEditFailed(companyId, messageId, 'ERR_EDIT_WAPP_MSG', deps.clock());
        await deps.announce(companyId, messageId);
        throw error instanceof AppError && error.code === 'ERR_WAPP_NOT_INITIALIZED'
          ? error
          : new AppError('ERR_EDIT_WAPP_MSG');
      }
      if (!(await repository.applyOwnEdit(companyId, messageId, body, deps.clock()))) {
        throw new AppError('ERR_MESSAGE_DELETED');
      }
      const message = await deps.announce(
        companyId,
        messageId,
        { kind: 'edit' },
        { ticketId: row.ticketId, before: row, after: { ...row, body } },
      );
      if (!message) throw new AppError('ERR_NOT_FOUND');
      return message;
    },

    /**
     * spec: only the company's messages (fromMe). One that was sent is deleted for everyone
     * through the connection first, where the channel can; one still waiting never leaves.
     */
    async remove(actor: MessageActor, messageId: number) {
      const { companyId } = actor;
      const row = await reachable(actor, messageId);
      if (!row.fromMe) throw new AppError('ERR_MESSAGE_NOT_FROM_ME');
      if (row.isDeleted) return repository.findMessage(companyId, messageId);
      if (row.externalId && row.whatsappId) {
        const capabilities = await deps.sessions().capabilities(companyId, row.whatsappId);
        if (!capabilities?.deleteForEveryone) throw new AppError('ERR_CHANNEL_CANNOT_DELETE');
        const { target, session } = await channelOf(companyId, row);
        if (!session?.deleteForEveryone) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
        try {
          await session.deleteForEveryone(target);
        } catch (error) {
          log.warn({ err: error, messageId }, 'delete for everyone failed');
          throw new AppError('ERR_DELETE_WAPP_MSG');
        }
      }
      await repository.markDeleted(companyId, messageId);
      await deps.announce(
        companyId,
        messageId,
        { kind: 'delete' },
        { ticketId: row.ticketId, before: row, after: null },
      );
      // Null when its ticket was deleted meanwhile (the route's contract says so).
      return repository.findMessage(companyId, messageId);
    },

    /**
     * The company's reaction to a message of the thread: set, replaced, or removed with an
     * empty emoji. WhatsApp keeps one reaction per number, so the company has one per message,
     * whoever of its attendants set it (`userId`: the last one).
     */
    async react(actor: MessageActor, messageId: number, emoji: string) {
      const { companyId } = actor;
      const row = await reachable(actor, messageId);
      if (row.isDeleted) throw new AppError('ERR_MESSAGE_DELETED');
      // A call record is the product's note of a call, not a WhatsApp message.
      if (row.mediaType === 'call_log') throw new AppError('ERR_CHANNEL_CANNOT_REACT');
      if (!row.externalId || !row.whatsappId) throw new AppError('ERR_MESSAGE_NOT_SENT');
      const capabilities = await deps.sessions().capabilities(companyId, row.whatsappId);
      if (!capabilities?.react) throw new AppError('ERR_CHANNEL_CANNOT_REACT');
      if (((await deps.reactions.companyReaction(companyId, messageId)) ?? '') === emoji) {
        return current(companyId, messageId);
      }

      const { target, session } = await channelOf(companyId, row);
      if (!session?.react) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      try {
        await session.react(target, emoji);
      } catch (error) {
        log.warn({ err: error, messageId }, 'reaction did not reach WhatsApp');
        if (error instanceof AppError && error.code === 'ERR_WAPP_NOT_INITIALIZED') throw error;
        throw new AppError('ERR_REACT_WAPP_MSG');
      }
      const reactor = companyReactor(actor.userId);
      await deps.reactions.set(companyId, messageId, reactor, emoji, deps.clock());
      const message = await deps.announce(companyId, messageId, {
        kind: 'reaction',
        reaction: { emoji, fromMe: true, userId: actor.userId, contactId: null },
      });
      if (!message) throw new AppError('ERR_NOT_FOUND');
      return message;
    },
  };
}

export type MessageChanges = ReturnType<typeof createMessageChanges>;
