import type { ChatMessageRecord, ChatMessagesPage, ChatRecord } from '@wacrm/shared/chats/chat.schema';
import { CHAT_MESSAGE_EDIT_WINDOW_MS } from '@wacrm/shared/chats/chat-limits';

/** The list newest activity first, with `chat` put in (or replaced). */
export function upsertChat(list: ChatRecord[], chat: ChatRecord): ChatRecord[] {
  const rest = list.filter((item) => item.id !== chat.id);
  return [chat, ...rest].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
}

export const removeChat = (list: ChatRecord[], chatId: number) => list.filter((item) => item.id !== chatId);

export const unreadsOf = (chat: ChatRecord, userId: number) =>
  chat.users.find((user) => user.userId === userId)?.unreads ?? 0;

export const totalUnreads = (list: ChatRecord[], userId: number) =>
  list.reduce((sum, chat) => sum + unreadsOf(chat, userId), 0);

/** The same chat with my unread count set (the read receipt lands later). */
export function withMyUnreads(chat: ChatRecord, userId: number, unreads: number): ChatRecord {
  return { ...chat, users: chat.users.map((user) => (user.userId === userId ? { ...user, unreads } : user)) };
}

export interface MessagePages {
  pages: ChatMessagesPage[];
  pageParams: unknown[];
}

/** Page 1 holds the newest: a new message joins its end (once, however often it arrives). */
export function appendMessage(data: MessagePages | undefined, message: ChatMessageRecord): MessagePages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.records.some((record) => record.id === message.id))) {
    return replaceMessage(data, message);
  }
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest, records: [...newest.records, message] }, ...older] };
}

export function replaceMessage(data: MessagePages | undefined, message: ChatMessageRecord): MessagePages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      records: page.records.map((record) => (record.id === message.id ? message : record)),
    })),
  };
}

/** Every loaded message oldest first, each once (pages fetched after new messages overlap). */
export function flattenMessages(data: MessagePages | undefined): ChatMessageRecord[] {
  if (!data) return [];
  const seen = new Set<number>();
  const all: ChatMessageRecord[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const record of page.records) {
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      all.push(record);
    }
  }
  return all.sort((a, b) => a.id - b.id);
}

/** The sender may still edit or delete it (the server has the last word). */
export const isEditable = (message: ChatMessageRecord, userId: number, now = Date.now()) =>
  message.senderId === userId &&
  !message.deletedAt &&
  now - new Date(message.createdAt).getTime() < CHAT_MESSAGE_EDIT_WINDOW_MS;

/** A local calendar day key, for the date dividers. */
export const dayKey = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
};

/** "today", "yesterday" or the date as dd/MM/yyyy. */
export function dayLabel(iso: string, now = new Date()): { kind: 'today' | 'yesterday' | 'date'; date: string } {
  const date = new Date(iso);
  const pad = (part: number) => String(part).padStart(2, '0');
  const text = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  if (dayKey(iso) === dayKey(now.toISOString())) return { kind: 'today', date: text };
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(iso) === dayKey(yesterday.toISOString())) return { kind: 'yesterday', date: text };
  return { kind: 'date', date: text };
}

const TICKET_PATH = /(\S*\/tickets\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\S*)/i;

/** The text split around ticket links: the links are shown as cards instead. */
export function splitTicketLinks(text: string): { text: string; isLink: boolean }[] {
  return text
    .split(TICKET_PATH)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, isLink: TICKET_PATH.test(part) }));
}
