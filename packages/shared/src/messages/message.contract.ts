import { defineRoute } from '../common/route-contract.ts';
import {
  messageIdParamsSchema,
  messageRecordSchema,
  messagesPageQuerySchema,
  messagesPageSchema,
  sendMessageSchema,
  ticketIdParamsSchema,
} from './message.schema.ts';

/** The messages routes of a ticket's conversation (spec: Messages). */
export const messageRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/messages/:ticketId',
    params: ticketIdParamsSchema,
    query: messagesPageQuerySchema,
    response: messagesPageSchema,
  }),
  /**
   * JSON (`sendMessageSchema`) or multipart with `medias` files: the route reads and checks its
   * body itself (`jsonBody`), and `http.call` sends either.
   */
  send: defineRoute({
    method: 'POST',
    path: '/api/messages/:ticketId',
    params: ticketIdParamsSchema,
    jsonBody: sendMessageSchema,
    response: messageRecordSchema,
    status: 201,
  }),
  /**
   * Only the user's own messages (fromMe); deleted for everyone on WhatsApp when it was sent.
   * Answers the message as it now is, or null when its ticket was deleted meanwhile.
   */
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/messages/:id',
    params: messageIdParamsSchema,
    response: messageRecordSchema.nullable(),
  }),
};
