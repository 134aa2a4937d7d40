import { z } from 'zod';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import {
  scheduleFieldsSchema,
  scheduleIdParamsSchema,
  scheduleListQuerySchema,
  scheduleRecordSchema,
  schedulesPageSchema,
} from './schedule.schema.ts';

/** Scheduled messages (spec: Schedules; plans without `useSchedules` answer 403). */
export const scheduleRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/schedules',
    query: scheduleListQuerySchema,
    response: schedulesPageSchema,
  }),
  /** The company's clock, which the dialog reads and writes send times on. */
  timeZone: defineRoute({
    method: 'GET',
    path: '/api/schedules/time-zone',
    response: z.object({ timeZone: z.string() }),
  }),
  find: defineRoute({
    method: 'GET',
    path: '/api/schedules/:id',
    params: scheduleIdParamsSchema,
    response: scheduleRecordSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/schedules',
    body: scheduleFieldsSchema,
    response: scheduleRecordSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/schedules/:id',
    params: scheduleIdParamsSchema,
    body: scheduleFieldsSchema,
    response: scheduleRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/schedules/:id',
    params: scheduleIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
  /** spec: multipart with `file` (png, jpg, jpeg, pdf); the answer is the schedule with it. */
  attachMedia: defineRoute({
    method: 'POST',
    path: '/api/schedules/:id/media-upload',
    params: scheduleIdParamsSchema,
    response: scheduleRecordSchema,
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/api/schedules/:id/media-upload',
    params: scheduleIdParamsSchema,
    response: scheduleRecordSchema,
  }),
};
