import { chatRoutes } from '@wacrm/shared/chats/chat.routes';
import type { ChatFields, ChatRecord } from '@wacrm/shared/chats/chat.schema';
import { http } from '../../../lib/api.ts';

export const chatsKeys = {
  list: (companyId: number) => ['chats', companyId, 'list'] as const,
  messages: (companyId: number, chatId: number) => ['chats', companyId, 'messages', chatId] as const,
};

/** spec: internal chat failures are silent, except the dialog's own messages. */
export const chatsApi = {
  list: (pageNumber = 1) => http.call(chatRoutes.list, { query: { pageNumber }, silent: true }),
  /** Every chat of mine, page after page: the top bar's unread total and the realtime updates need all. */
  listAll: async (): Promise<ChatRecord[]> => {
    const records: ChatRecord[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await chatsApi.list(pageNumber);
      records.push(...page.records);
      if (!page.hasMore) return records;
    }
  },
  create: (body: ChatFields) => http.call(chatRoutes.create, { body, silent: true }),
  update: (id: number, body: ChatFields) => http.call(chatRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(chatRoutes.remove, { params: { id }, silent: true }),
  messages: (id: number, pageNumber: number, signal?: AbortSignal) =>
    http.call(chatRoutes.messages, { params: { id }, query: { pageNumber }, signal, silent: true }),
  send: (id: number, message: string) =>
    http.call(chatRoutes.send, { params: { id }, body: { message }, silent: true }),
  editMessage: (id: number, messageId: number, message: string) =>
    http.call(chatRoutes.editMessage, { params: { id, messageId }, body: { message }, silent: true }),
  deleteMessage: (id: number, messageId: number) =>
    http.call(chatRoutes.deleteMessage, { params: { id, messageId }, silent: true }),
  markRead: (id: number, upToMessageId: number) =>
    http.call(chatRoutes.markRead, { params: { id }, body: { upToMessageId }, silent: true }),
};
