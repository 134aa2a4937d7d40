import { defineRoute } from '../common/route-contract.ts';
import { editMessageSchema, messageRecordSchema, reactToMessageSchema } from '../messages/message.schema.ts';
import {
  externalMessageParamsSchema,
  externalMessageSchema,
  externalSendAnswerSchema,
  externalSendSchema,
} from './external-send.schema.ts';

/**
 * The external messages API, for other systems: a connection's token as `Authorization: Bearer`
 * instead of a user's session. The send route takes JSON (`jsonBody`) or multipart with files
 * (`externalSendFieldsSchema`), which its handler reads and checks itself.
 */
export const publicApiRoutes = {
  send: defineRoute({
    method: 'POST',
    path: '/api/messages/send',
    jsonBody: externalSendSchema,
    response: externalSendAnswerSchema,
    status: 201,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/api/messages/send/:id',
    params: externalMessageParamsSchema,
    response: externalMessageSchema,
  }),
  /**
   * A new text for a text message the API sent through this connection, within 15 minutes of
   * sending it (WhatsApp's edit window); answers the message as the webhooks carry it.
   */
  edit: defineRoute({
    method: 'PUT',
    path: '/api/messages/send/:id',
    params: externalMessageParamsSchema,
    body: editMessageSchema,
    response: messageRecordSchema,
  }),
  /**
   * The company's reaction to any message of this connection (ids from the send answer or the
   * message.created webhook); an empty emoji removes it.
   */
  react: defineRoute({
    method: 'POST',
    path: '/api/messages/send/:id/reactions',
    params: externalMessageParamsSchema,
    body: reactToMessageSchema,
    response: messageRecordSchema,
  }),
};
