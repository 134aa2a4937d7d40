import { z } from 'zod';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import {
  tagFieldsSchema,
  tagIdParamsSchema,
  tagListQuerySchema,
  tagOptionSchema,
  tagRecordSchema,
  tagSyncSchema,
  tagsPageSchema,
} from './tag.schema.ts';

/** The tags routes (spec: Tags). */
export const tagRoutes = {
  /** spec: the paged list is `GET /tags/`; the server answers the bare path too. */
  page: defineRoute({ method: 'GET', path: '/api/tags/', query: tagListQuerySchema, response: tagsPageSchema }),
  /** Every tag of the company, for pickers. */
  list: defineRoute({ method: 'GET', path: '/api/tags/list', response: z.array(tagRecordSchema) }),
  /** The kanban board's lanes (plans without the kanban feature answer 403). */
  kanban: defineRoute({
    method: 'GET',
    path: '/api/tags/kanban',
    response: z.object({ lista: z.array(tagRecordSchema) }),
  }),
  find: defineRoute({ method: 'GET', path: '/api/tags/:id', params: tagIdParamsSchema, response: tagRecordSchema }),
  create: defineRoute({
    method: 'POST',
    path: '/api/tags',
    body: tagFieldsSchema,
    response: tagRecordSchema,
    status: 201,
  }),
  /** Sets a ticket's whole tag set. */
  sync: defineRoute({
    method: 'POST',
    path: '/api/tags/sync',
    body: tagSyncSchema,
    response: z.object({ ticketId: z.number(), tags: z.array(tagOptionSchema) }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/tags/:id',
    params: tagIdParamsSchema,
    body: tagFieldsSchema,
    response: tagRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/tags/:id',
    params: tagIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
};
