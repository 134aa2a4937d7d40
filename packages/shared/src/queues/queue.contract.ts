import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { queueFieldsSchema, queueIdParamsSchema, queueListQuerySchema, queueRecordSchema } from './queue.schema.ts';
import {
  queueOptionCreateSchema,
  queueOptionIdParamsSchema,
  queueOptionListQuerySchema,
  queueOptionRecordSchema,
  queueOptionUpdateSchema,
} from './queue-option.schema.ts';

const deletedSchema = z.object({ message: z.string() });

/** The queues routes and their chatbot options (spec: Queues). */
export const queueRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/queue',
    query: queueListQuerySchema,
    response: z.array(queueRecordSchema),
  }),
  find: defineRoute({
    method: 'GET',
    path: '/api/queue/:id',
    params: queueIdParamsSchema,
    response: queueRecordSchema,
  }),
  create: defineRoute({ method: 'POST', path: '/api/queue', body: queueFieldsSchema, response: queueRecordSchema }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/queue/:id',
    params: queueIdParamsSchema,
    body: queueFieldsSchema,
    response: queueRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/queue/:id',
    params: queueIdParamsSchema,
    response: deletedSchema,
  }),
  /** The options of one level: the roots, or the children of `parentId`, each with its nested children. */
  options: defineRoute({
    method: 'GET',
    path: '/api/queue-options',
    query: queueOptionListQuerySchema,
    response: z.array(queueOptionRecordSchema),
  }),
  createOption: defineRoute({
    method: 'POST',
    path: '/api/queue-options',
    body: queueOptionCreateSchema,
    response: queueOptionRecordSchema,
  }),
  updateOption: defineRoute({
    method: 'PUT',
    path: '/api/queue-options/:id',
    params: queueOptionIdParamsSchema,
    body: queueOptionUpdateSchema,
    response: queueOptionRecordSchema,
  }),
  removeOption: defineRoute({
    method: 'DELETE',
    path: '/api/queue-options/:id',
    params: queueOptionIdParamsSchema,
    response: deletedSchema,
  }),
};
