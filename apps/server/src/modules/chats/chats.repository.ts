import type { ChatListQuery, ChatParticipant, ChatRecord } from '@wacrm/shared';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { containsText } from '../../platform/db/text-search.ts';
import { contacts, tickets, users } from '../../tables.ts';
import { chatMessages, chats, chatUsers } from './chats.tables.ts';

export type ChatRow = typeof chats.$inferSelect;

export interface ChatMessageRow {
  id: number;
  chatId: number;
  senderId: number | null;
  senderName: string | null;
  message: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
}

const messageColumns = {
  id: chatMessages.id,
  chatId: chatMessages.chatId,
  senderId: chatMessages.senderId,
  senderName: users.name,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
  editedAt: chatMessages.editedAt,
  deletedAt: chatMessages.deletedAt,
};

/** Every query of the internal chat; the company id comes first. `db` may be a transaction. */
export function createChatsRepository(db: Database) {
  async function participantsOf(companyId: number, chatIds: number[]) {
    if (chatIds.length === 0) return new Map<number, ChatParticipant[]>();
    const rows = await db
      .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
      .from(chatUsers)
      .innerJoin(users, eq(users.id, chatUsers.userId))
      .where(and(eq(chatUsers.companyId, companyId), inArray(chatUsers.chatId, chatIds)))
      .orderBy(asc(users.name), asc(users.id));
    const byChat = new Map<number, ChatParticipant[]>();
    for (const row of rows) {
      const list = byChat.get(row.chatId) ?? [];
      list.push({ userId: row.userId, unreads: row.unreads, user: { id: row.userId, name: row.name } });
      byChat.set(row.chatId, list);
    }
    return byChat;
  }

  async function toRecords(companyId: number, rows: ChatRow[]): Promise<ChatRecord[]> {
    const participants = await participantsOf(
      companyId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      uuid: row.uuid,
      title: row.title,
      ownerId: row.ownerId,
      users: participants.get(row.id) ?? [],
      lastMessage: row.lastMessage,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  return {
    toRecords,

    /**
     * A page of the chats `userId` takes part in, the most recently active first; `searchParam`
     * matches the title or any participant's name. One row more than the page tells `hasMore`.
     */
    async pageOf(companyId: number, userId: number, query: ChatListQuery, pageSize: number) {
      const term = query.searchParam;
      const matches = term
        ? or(
            containsText(chats.title, term),
            sql`exists (select 1 from ${chatUsers} as other join ${users} on ${users.id} = other.user_id
              where other.chat_id = ${chats.id} and ${containsText(users.name, term)})`,
          )
        : undefined;
      const mine = and(eq(chatUsers.companyId, companyId), eq(chatUsers.userId, userId), matches);
      const rows = await db
        .select({ chat: chats })
        .from(chatUsers)
        .innerJoin(chats, eq(chats.id, chatUsers.chatId))
        .where(mine)
        .orderBy(desc(chats.updatedAt), desc(chats.id))
        .limit(pageSize + 1)
        .offset((query.pageNumber - 1) * pageSize);
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(chatUsers)
        .innerJoin(chats, eq(chats.id, chatUsers.chatId))
        .where(mine);
      const records = await toRecords(
        companyId,
        rows.slice(0, pageSize).map((row) => row.chat),
      );
      return { records, count, hasMore: rows.length > pageSize };
    },

    /** The chat when `userId` takes part in it (anyone else, admins included, gets null). */
    async findForParticipant(companyId: number, chatId: number, userId: number, options: { lock?: boolean } = {}) {
      const query = db
        .select({ chat: chats })
        .from(chats)
        .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, userId)))
        .where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));
      const [row] = options.lock ? await query.for('update', { of: chats }) : await query;
      return row?.chat ?? null;
    },

    async record(companyId: number, chatId: number) {
      const rows = await db
        .select()
        .from(chats)
        .where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));
      const [record] = await toRecords(companyId, rows);
      return record ?? null;
    },

    async participantIds(companyId: number, chatId: number) {
      const rows = await db
        .select({ userId: chatUsers.userId })
        .from(chatUsers)
        .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId)));
      return rows.map((row) => row.userId);
    },

    /** The ids among `userIds` that are users of the company. */
    async existingUserIds(companyId: number, userIds: number[]) {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)));
      return rows.map((row) => row.id);
    },

    async insert(companyId: number, fields: { title: string; ownerId: number }) {
      const [row] = await db
        .insert(chats)
        .values({ companyId, ...fields })
        .returning();
      return row;
    },

    async update(companyId: number, chatId: number, fields: { title: string }) {
      await db
        .update(chats)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));
    },

    async remove(companyId: number, chatId: number) {
      await db.delete(chats).where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));
    },

    async addParticipants(companyId: number, chatId: number, userIds: number[]) {
      if (userIds.length === 0) return;
      await db
        .insert(chatUsers)
        .values(userIds.map((userId) => ({ companyId, chatId, userId })))
        .onConflictDoNothing();
    },

    async removeParticipants(companyId: number, chatId: number, userIds: number[]) {
      if (userIds.length === 0) return;
      await db
        .delete(chatUsers)
        .where(
          and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), inArray(chatUsers.userId, userIds)),
        );
    },

    /** Stores a message, counts it unread for everyone but the sender, and moves the chat up. */
    async insertMessage(companyId: number, chatId: number, senderId: number, message: string, at: Date) {
      const [row] = await db
        .insert(chatMessages)
        .values({ companyId, chatId, senderId, message, createdAt: at })
        .returning({ id: chatMessages.id });
      await db
        .update(chatUsers)
        .set({ unreads: sql`${chatUsers.unreads} + 1` })
        .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), ne(chatUsers.userId, senderId)));
      await db
        .update(chats)
        .set({ lastMessage: message, updatedAt: at })
        .where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));
      return row.id;
    },

    async message(companyId: number, chatId: number, messageId: number): Promise<ChatMessageRow | null> {
      const [row] = await db
        .select(messageColumns)
        .from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.senderId))
        .where(
          and(eq(chatMessages.companyId, companyId), eq(chatMessages.chatId, chatId), eq(chatMessages.id, messageId)),
        );
      return row ?? null;
    },

    async updateMessage(
      companyId: number,
      messageId: number,
      fields: { message: string; editedAt?: Date; deletedAt?: Date },
    ) {
      await db
        .update(chatMessages)
        .set(fields)
        .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.id, messageId)));
    },

    /** The newest message's text (deleted ones skipped), for the chat list after an edit or a delete. */
    async refreshLastMessage(companyId: number, chatId: number) {
      const [last] = await db
        .select({ message: chatMessages.message })
        .from(chatMessages)
        .where(
          and(eq(chatMessages.companyId, companyId), eq(chatMessages.chatId, chatId), isNull(chatMessages.deletedAt)),
        )
        .orderBy(desc(chatMessages.id))
        .limit(1);
      await db
        .update(chats)
        .set({ lastMessage: last?.message ?? '' })
        .where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));
    },

    /** Page `pageNumber` counted from the newest; one row more tells whether an older page exists. */
    async messagesPage(companyId: number, chatId: number, pageNumber: number, pageSize: number) {
      const rows = await db
        .select(messageColumns)
        .from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.senderId))
        .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.chatId, chatId)))
        .orderBy(desc(chatMessages.id))
        .limit(pageSize + 1)
        .offset((pageNumber - 1) * pageSize);
      return { rows: rows.slice(0, pageSize).reverse(), hasMore: rows.length > pageSize };
    },

    /**
     * The reader's count after reading up to `upToMessageId`: the others' messages after it (what
     * arrived while the reader's request travelled), or none when the reader read everything.
     */
    async markRead(companyId: number, chatId: number, userId: number, upToMessageId?: number) {
      const stillUnread =
        upToMessageId === undefined
          ? sql`0`
          : sql`(select count(*)::int from ${chatMessages}
                 where ${chatMessages.companyId} = ${companyId} and ${chatMessages.chatId} = ${chatId}
                   and ${chatMessages.id} > ${upToMessageId}
                   and ${chatMessages.senderId} is distinct from ${userId})`;
      await db
        .update(chatUsers)
        .set({ unreads: stillUnread })
        .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId)));
    },

    /** The tickets named by uuid, with what a card and the visibility rule need. */
    async ticketsByUuid(companyId: number, uuids: string[]) {
      if (uuids.length === 0) return [];
      return db
        .select({
          uuid: tickets.uuid,
          status: tickets.status,
          userId: tickets.userId,
          queueId: tickets.queueId,
          contactName: contacts.name,
        })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(eq(tickets.companyId, companyId), inArray(tickets.uuid, uuids)));
    },
  };
}

export type ChatsRepository = ReturnType<typeof createChatsRepository>;
