import {
  CHAT_MESSAGE_EDIT_WINDOW_MS,
  CHAT_MESSAGES_PAGE_SIZE,
  CHATS_PAGE_SIZE,
  type ChatFieldsParsed,
  type ChatListQuery,
  type ChatMessageRecord,
  type ChatRecord,
  type ChatsList,
  hasPermission,
  ticketLinksOf,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TicketViewer } from '../tickets/index.ts';
import { createTicketCards, type ViewerOf } from './chat-ticket-cards.ts';
import type { ChatsRealtime } from './chats.realtime.ts';
import { type ChatMessageRow, createChatsRepository } from './chats.repository.ts';

/** Who calls: the request session (its ticket viewer, when read with the token, spares a query). */
export interface ChatCaller {
  companyId: number;
  userId: number;
  profile?: string;
  viewer?: { allTicket: boolean; queueIds: number[] };
}

/** What the chats module tells about a sent message (the other participants may be notified). */
export interface ChatMessageSent {
  chat: { id: number; uuid: string; title: string };
  senderId: number;
  senderName: string;
  message: string;
  recipientIds: number[];
}

const notFound = () => new AppError('ERR_NOT_FOUND');

const toMessageRecord = (row: ChatMessageRow, cards: Map<string, ChatMessageRecord['tickets'][number]>) => ({
  id: row.id,
  chatId: row.chatId,
  senderId: row.senderId,
  sender: row.senderId !== null && row.senderName !== null ? { id: row.senderId, name: row.senderName } : null,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt?.toISOString() ?? null,
  deletedAt: row.deletedAt?.toISOString() ?? null,
  tickets: ticketLinksOf(row.message).flatMap((uuid) => {
    const card = cards.get(uuid);
    return card ? [card] : [];
  }),
});

/**
 * Internal chat (docs/decisions/internal-chat.md): a chat belongs to its participants only. Anyone
 * else, admins of the company included, gets 404 on every route and no event. Only the owner
 * edits and deletes the chat; a sender edits or deletes a message within 15 minutes.
 */
export function createChatsService(deps: {
  db: Database;
  events: ChatsRealtime;
  viewerOf: ViewerOf;
  clock: () => Date;
  /** A message was sent, after its commit (push notifications to the other participants). */
  messageSent?: (companyId: number, sent: ChatMessageSent) => void;
}) {
  const { db, events, clock } = deps;
  const repository = createChatsRepository(db);
  const cardsFor = createTicketCards(db, deps.viewerOf);

  const viewerFromSession = (caller: ChatCaller): TicketViewer | undefined =>
    caller.viewer && caller.profile
      ? {
          companyId: caller.companyId,
          userId: caller.userId,
          isAdmin: hasPermission({ profile: caller.profile }, 'tickets:viewAll'),
          allTicket: caller.viewer.allTicket,
          queueIds: caller.viewer.queueIds,
        }
      : undefined;

  async function participantChat(caller: ChatCaller, chatId: number) {
    const chat = await repository.findForParticipant(caller.companyId, chatId, caller.userId);
    if (!chat) throw notFound();
    return chat;
  }

  async function recordOf(companyId: number, chatId: number) {
    const record = await repository.record(companyId, chatId);
    if (!record) throw notFound();
    return record;
  }

  /** The other participants: the owner is always one; another company's user is not there (404). */
  async function checkedParticipants(tx: Database, caller: ChatCaller, wanted: number[]) {
    const others = [...new Set(wanted)].filter((id) => id !== caller.userId);
    if (others.length === 0) {
      throw new AppError('ERR_VALIDATION', { fields: { users: 'Pick at least one user' } });
    }
    const found = await createChatsRepository(tx).existingUserIds(caller.companyId, others);
    if (found.length !== others.length) {
      throw new AppError('ERR_USER_DONT_EXISTS', { fields: { users: 'Unknown user' } });
    }
    return [caller.userId, ...others];
  }

  /** A message event for every participant: one emit, or one per reader when it links tickets. */
  async function announceMessage(
    companyId: number,
    row: ChatMessageRow,
    recipients: number[],
    build: (message: ChatMessageRecord) => Parameters<ChatsRealtime['emit']>[2],
  ) {
    const links = ticketLinksOf(row.message);
    if (links.length === 0) {
      events.emit(companyId, recipients, build(toMessageRecord(row, new Map())));
      return;
    }
    await Promise.all(
      recipients.map(async (userId) => {
        const cards = await cardsFor({ companyId, userId }, links);
        events.emit(companyId, [userId], build(toMessageRecord(row, cards)));
      }),
    );
  }

  async function editableMessage(caller: ChatCaller, chatId: number, messageId: number) {
    await participantChat(caller, chatId);
    const row = await repository.message(caller.companyId, chatId, messageId);
    if (!row || row.deletedAt) throw notFound();
    if (row.senderId !== caller.userId) throw new AppError('ERR_MESSAGE_NOT_FROM_ME');
    if (clock().getTime() - row.createdAt.getTime() > CHAT_MESSAGE_EDIT_WINDOW_MS) {
      throw new AppError('ERR_CHAT_EDIT_WINDOW_PASSED');
    }
    return row;
  }

  async function afterMessageChange(caller: ChatCaller, chatId: number, messageId: number) {
    await repository.refreshLastMessage(caller.companyId, chatId);
    const row = await repository.message(caller.companyId, chatId, messageId);
    if (!row) throw notFound();
    const record = await recordOf(caller.companyId, chatId);
    const recipients = record.users.map((user) => user.userId);
    await announceMessage(caller.companyId, row, recipients, (message) => ({ action: 'update-message', message }));
    events.emit(caller.companyId, recipients, { action: 'update', record });
    const cards = await cardsFor({ ...caller, viewer: viewerFromSession(caller) }, ticketLinksOf(row.message));
    return toMessageRecord(row, cards);
  }

  return {
    async list(caller: ChatCaller, query: ChatListQuery): Promise<ChatsList> {
      return repository.pageOf(caller.companyId, caller.userId, query, CHATS_PAGE_SIZE);
    },

    async show(caller: ChatCaller, chatId: number): Promise<ChatRecord> {
      await participantChat(caller, chatId);
      return recordOf(caller.companyId, chatId);
    },

    async create(caller: ChatCaller, fields: ChatFieldsParsed): Promise<ChatRecord> {
      const chatId = await db.transaction(async (tx) => {
        const participants = await checkedParticipants(tx, caller, fields.users);
        const chats = createChatsRepository(tx);
        const chat = await chats.insert(caller.companyId, { title: fields.title, ownerId: caller.userId });
        await chats.addParticipants(caller.companyId, chat.id, participants);
        return chat.id;
      });
      const record = await recordOf(caller.companyId, chatId);
      events.emit(
        caller.companyId,
        record.users.map((user) => user.userId),
        { action: 'create', record },
      );
      return record;
    },

    async update(caller: ChatCaller, chatId: number, fields: ChatFieldsParsed): Promise<ChatRecord> {
      const { added, removed, kept } = await db.transaction(async (tx) => {
        const chats = createChatsRepository(tx);
        const chat = await chats.findForParticipant(caller.companyId, chatId, caller.userId, { lock: true });
        if (!chat) throw notFound();
        if (chat.ownerId !== caller.userId) throw new AppError('ERR_NO_PERMISSION');
        const wanted = await checkedParticipants(tx, caller, fields.users);
        const current = await chats.participantIds(caller.companyId, chatId);
        const change = {
          added: wanted.filter((id) => !current.includes(id)),
          removed: current.filter((id) => !wanted.includes(id)),
          kept: current.filter((id) => wanted.includes(id)),
        };
        await chats.update(caller.companyId, chatId, { title: fields.title });
        await chats.removeParticipants(caller.companyId, chatId, change.removed);
        await chats.addParticipants(caller.companyId, chatId, change.added);
        return change;
      });
      const record = await recordOf(caller.companyId, chatId);
      events.emit(caller.companyId, removed, { action: 'delete', id: chatId });
      events.emit(caller.companyId, added, { action: 'create', record });
      events.emit(caller.companyId, kept, { action: 'update', record });
      return record;
    },

    async remove(caller: ChatCaller, chatId: number) {
      const participants = await db.transaction(async (tx) => {
        const chats = createChatsRepository(tx);
        const chat = await chats.findForParticipant(caller.companyId, chatId, caller.userId, { lock: true });
        if (!chat) throw notFound();
        if (chat.ownerId !== caller.userId) throw new AppError('ERR_NO_PERMISSION');
        const ids = await chats.participantIds(caller.companyId, chatId);
        await chats.remove(caller.companyId, chatId);
        return ids;
      });
      events.emit(caller.companyId, participants, { action: 'delete', id: chatId });
    },

    async messages(caller: ChatCaller, chatId: number, pageNumber: number) {
      await participantChat(caller, chatId);
      const { rows, hasMore } = await repository.messagesPage(
        caller.companyId,
        chatId,
        pageNumber,
        CHAT_MESSAGES_PAGE_SIZE,
      );
      const links = [...new Set(rows.flatMap((row) => ticketLinksOf(row.message)))];
      const cards = await cardsFor({ ...caller, viewer: viewerFromSession(caller) }, links);
      return { records: rows.map((row) => toMessageRecord(row, cards)), hasMore };
    },

    async send(caller: ChatCaller, chatId: number, message: string): Promise<ChatMessageRecord> {
      const messageId = await db.transaction(async (tx) => {
        const chats = createChatsRepository(tx);
        if (!(await chats.findForParticipant(caller.companyId, chatId, caller.userId, { lock: true }))) {
          throw notFound();
        }
        return chats.insertMessage(caller.companyId, chatId, caller.userId, message, clock());
      });
      const [row, chat] = await Promise.all([
        repository.message(caller.companyId, chatId, messageId),
        recordOf(caller.companyId, chatId),
      ]);
      if (!row) throw notFound();
      const recipients = chat.users.map((user) => user.userId);
      await announceMessage(caller.companyId, row, recipients, (newMessage) => ({
        action: 'new-message',
        newMessage,
        chat,
      }));
      deps.messageSent?.(caller.companyId, {
        chat: { id: chat.id, uuid: chat.uuid, title: chat.title },
        senderId: caller.userId,
        senderName: row.senderName ?? '',
        message: row.message,
        recipientIds: recipients.filter((userId) => userId !== caller.userId),
      });
      const cards = await cardsFor({ ...caller, viewer: viewerFromSession(caller) }, ticketLinksOf(row.message));
      return toMessageRecord(row, cards);
    },

    async editMessage(caller: ChatCaller, chatId: number, messageId: number, message: string) {
      await editableMessage(caller, chatId, messageId);
      await repository.updateMessage(caller.companyId, messageId, { message, editedAt: clock() });
      return afterMessageChange(caller, chatId, messageId);
    },

    async deleteMessage(caller: ChatCaller, chatId: number, messageId: number) {
      await editableMessage(caller, chatId, messageId);
      await repository.updateMessage(caller.companyId, messageId, { message: '', deletedAt: clock() });
      return afterMessageChange(caller, chatId, messageId);
    },

    async markRead(caller: ChatCaller, chatId: number, upToMessageId?: number): Promise<ChatRecord> {
      await participantChat(caller, chatId);
      await repository.markRead(caller.companyId, chatId, caller.userId, upToMessageId);
      const record = await recordOf(caller.companyId, chatId);
      // The reader's other tabs clear their badge; the others' counts did not change.
      events.emit(caller.companyId, [caller.userId], { action: 'update', record });
      return record;
    },
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;
