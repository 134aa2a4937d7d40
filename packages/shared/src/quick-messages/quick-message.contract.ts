import { z } from 'zod';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import {
  quickMessageFieldsSchema,
  quickMessageIdParamsSchema,
  quickMessageListQuerySchema,
  quickMessageRecordSchema,
  quickMessagesPageSchema,
} from './quick-message.schema.ts';

const byId = { params: quickMessageIdParamsSchema };

/** The quick messages routes (spec: Quick messages). */
export const quickMessageRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/quick-messages',
    query: quickMessageListQuerySchema,
    response: quickMessagesPageSchema,
  }),
  /** The composer's `/` suggestions: the caller's own and the company's, active only. */
  list: defineRoute({ method: 'GET', path: '/api/quick-messages/list', response: z.array(quickMessageRecordSchema) }),
  find: defineRoute({ method: 'GET', path: '/api/quick-messages/:id', ...byId, response: quickMessageRecordSchema }),
  create: defineRoute({
    method: 'POST',
    path: '/api/quick-messages',
    body: quickMessageFieldsSchema,
    response: quickMessageRecordSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/quick-messages/:id',
    ...byId,
    body: quickMessageFieldsSchema,
    response: quickMessageRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/quick-messages/:id',
    ...byId,
    response: noContentSchema,
    status: 204,
  }),
  /** spec: multipart with `typeArch` ('quickMessage') and `file`; only the file is read. */
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/api/quick-messages/:id/media-upload',
    ...byId,
    response: quickMessageRecordSchema,
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/api/quick-messages/:id/media-upload',
    ...byId,
    response: quickMessageRecordSchema,
  }),
};
