import { z } from 'zod';
import { listQuerySchema } from '../common/pagination.ts';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import {
  announcementFieldsSchema,
  announcementIdParamsSchema,
  announcementSchema,
  announcementsPageSchema,
} from './announcement.schema.ts';

/** The announcements routes (spec: Announcements). All but `listActive` are the super user's. */
export const announcementRoutes = {
  /** The top bar's popover: every logged-in user reads the active ones. */
  listActive: defineRoute({ method: 'GET', path: '/api/announcements/list', response: z.array(announcementSchema) }),
  page: defineRoute({
    method: 'GET',
    path: '/api/announcements',
    query: listQuerySchema,
    response: announcementsPageSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/announcements',
    body: announcementFieldsSchema,
    response: announcementSchema,
    status: 201,
  }),
  find: defineRoute({
    method: 'GET',
    path: '/api/announcements/:id',
    params: announcementIdParamsSchema,
    response: announcementSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/announcements/:id',
    params: announcementIdParamsSchema,
    body: announcementFieldsSchema,
    response: announcementSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/announcements/:id',
    params: announcementIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
  /** A multipart upload (`file`): the image replaces any earlier one. */
  attachMedia: defineRoute({
    method: 'POST',
    path: '/api/announcements/:id/media-upload',
    params: announcementIdParamsSchema,
    response: announcementSchema,
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/api/announcements/:id/media-upload',
    params: announcementIdParamsSchema,
    response: announcementSchema,
  }),
};
