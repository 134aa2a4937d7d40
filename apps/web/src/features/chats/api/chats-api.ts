import type {
  ChatFields,
  ChatMessageRecord,
  ChatMessagesPage,
  ChatRecord,
  ChatsList,
} from '@wacrm/shared/chats/chat.schema';
import { http } from '../../../lib/api.ts';

export const chatsKeys = {
  list: (companyId: number) => ['chats', companyId, 'list'] as const,
  messages: (companyId: number, chatId: number) => ['chats', companyId, 'messages', chatId] as const,
};

/** spec: internal chat failures are silent, except the dialog's own messages. */
export const chatsApi = {
  list: (pageNumber = 1) => http.get<ChatsList>('/api/chats', { query: { pageNumber }, silent: true }),
  /** Every chat of mine, page after page: the top bar's unread total and the realtime updates need all. */
  listAll: async (): Promise<ChatRecord[]> => {
    const records: ChatRecord[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await chatsApi.list(pageNumber);
      records.push(...page.records);
      if (!page.hasMore) return records;
    }
  },
  create: (body: ChatFields) => http.post<ChatRecord>('/api/chats', body, { silent: true }),
  update: (id: number, body: ChatFields) => http.put<ChatRecord>(`/api/chats/${id}`, body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/api/chats/${id}`, { silent: true }),
  messages: (id: number, pageNumber: number, signal?: AbortSignal) =>
    http.get<ChatMessagesPage>(`/api/chats/${id}/messages`, { query: { pageNumber }, signal, silent: true }),
  send: (id: number, message: string) =>
    http.post<ChatMessageRecord>(`/api/chats/${id}/messages`, { message }, { silent: true }),
  editMessage: (id: number, messageId: number, message: string) =>
    http.put<ChatMessageRecord>(`/api/chats/${id}/messages/${messageId}`, { message }, { silent: true }),
  deleteMessage: (id: number, messageId: number) =>
    http.delete<ChatMessageRecord>(`/api/chats/${id}/messages/${messageId}`, { silent: true }),
  markRead: (id: number) => http.post<ChatRecord>(`/api/chats/${id}/read`, {}, { silent: true }),
};
