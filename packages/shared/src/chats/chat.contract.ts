import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import {
  chatFieldsSchema,
  chatIdParamsSchema,
  chatListQuerySchema,
  chatMessageFieldsSchema,
  chatMessageParamsSchema,
  chatMessageRecordSchema,
  chatMessagesPageSchema,
  chatMessagesQuerySchema,
  chatReadSchema,
  chatRecordSchema,
  chatsListSchema,
} from './chat.schema.ts';

/** The internal chat routes (spec: `/chats`); plans without the internal chat answer 403. */
export const chatRoutes = {
  /** The caller's chats, the most recently active first. */
  list: defineRoute({ method: 'GET', path: '/api/chats', query: chatListQuerySchema, response: chatsListSchema }),
  find: defineRoute({ method: 'GET', path: '/api/chats/:id', params: chatIdParamsSchema, response: chatRecordSchema }),
  create: defineRoute({
    method: 'POST',
    path: '/api/chats',
    body: chatFieldsSchema,
    response: chatRecordSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/chats/:id',
    params: chatIdParamsSchema,
    body: chatFieldsSchema,
    response: chatRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/chats/:id',
    params: chatIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
  messages: defineRoute({
    method: 'GET',
    path: '/api/chats/:id/messages',
    params: chatIdParamsSchema,
    query: chatMessagesQuerySchema,
    response: chatMessagesPageSchema,
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/messages',
    params: chatIdParamsSchema,
    body: chatMessageFieldsSchema,
    response: chatMessageRecordSchema,
    status: 201,
  }),
  editMessage: defineRoute({
    method: 'PUT',
    path: '/api/chats/:id/messages/:messageId',
    params: chatMessageParamsSchema,
    body: chatMessageFieldsSchema,
    response: chatMessageRecordSchema,
  }),
  /** A deleted message keeps its place with an empty text: the answer is the message. */
  deleteMessage: defineRoute({
    method: 'DELETE',
    path: '/api/chats/:id/messages/:messageId',
    params: chatMessageParamsSchema,
    response: chatMessageRecordSchema,
  }),
  /** Marks the chat read for the caller; answers the chat. */
  markRead: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/read',
    params: chatIdParamsSchema,
    body: chatReadSchema,
    response: chatRecordSchema,
  }),
};
