import { defineRoute } from '../common/route-contract.ts';
import {
  editMessageSchema,
  messageIdParamsSchema,
  messageRecordSchema,
  messagesPageQuerySchema,
  messagesPageSchema,
  reactToMessageSchema,
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
  /**
   * Edits the text of the caller's own text message, within MESSAGE_EDIT_WINDOW_MS of sending it;
   * the edit reaches the customer first and only then is stored (a failure keeps the old text).
   */
  edit: defineRoute({
    method: 'PUT',
    path: '/api/messages/:id',
    params: messageIdParamsSchema,
    body: editMessageSchema,
    response: messageRecordSchema,
  }),
  /** Sets, changes or (empty emoji) removes the company's reaction to any message of the thread. */
  react: defineRoute({
    method: 'POST',
    path: '/api/messages/:id/reactions',
    params: messageIdParamsSchema,
    body: reactToMessageSchema,
    response: messageRecordSchema,
  }),
};
