import { z } from 'zod';
import { languageParamsSchema } from '../auth/auth.schema.ts';
import { listQuerySchema } from '../common/pagination.ts';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import {
  userCreateSchema,
  userIdParamsSchema,
  userOptionSchema,
  userPauseSchema,
  userPauseStateSchema,
  userRecordSchema,
  usersPageSchema,
  userUpdateSchema,
  userWorkloadSchema,
} from './user.schema.ts';

/** The users routes (spec: Users). */
export const userRoutes = {
  /** The caller's own interface language. */
  setLanguage: defineRoute({
    method: 'POST',
    path: '/api/users/set-language/:lang',
    params: languageParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
  /** The caller stops or resumes receiving automatic assignments (issue 48). */
  pause: defineRoute({
    method: 'POST',
    path: '/api/users/me/pause',
    body: userPauseSchema,
    response: userPauseStateSchema,
  }),
  /** The users screen (admins); pickers use `options`. */
  page: defineRoute({ method: 'GET', path: '/api/users/', query: listQuerySchema, response: usersPageSchema }),
  options: defineRoute({ method: 'GET', path: '/api/users/list', response: z.array(userOptionSchema) }),
  find: defineRoute({ method: 'GET', path: '/api/users/:id', params: userIdParamsSchema, response: userRecordSchema }),
  /**
   * A user's open tickets against their capacity (issue 48), for any user of the company: the
   * attendant's header and the transfer dialog. Served by the tickets module, which owns the count.
   */
  workload: defineRoute({
    method: 'GET',
    path: '/api/users/:id/workload',
    params: userIdParamsSchema,
    response: userWorkloadSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/users',
    body: userCreateSchema,
    response: userRecordSchema,
    status: 201,
  }),
  /** A user edits their own name, email and password here too (the service decides what). */
  update: defineRoute({
    method: 'PUT',
    path: '/api/users/:id',
    params: userIdParamsSchema,
    body: userUpdateSchema,
    response: userRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id',
    params: userIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
};
