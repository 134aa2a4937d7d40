import { defineRoute } from '../common/route-contract.ts';
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
};
