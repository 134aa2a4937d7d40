import { userRoutes } from '@wacrm/shared/users/user.routes';
import type { UserCreate, UserUpdate } from '@wacrm/shared/users/user.schema';
import { http } from '../../../lib/api.ts';

export const usersKeys = {
  all: (companyId: number) => ['users', companyId] as const,
  pages: (companyId: number, search: string) => ['users', companyId, 'pages', search] as const,
  options: (companyId: number) => ['users', companyId, 'options'] as const,
  allowance: (companyId: number) => ['users', companyId, 'allowance'] as const,
  me: (userId: number) => ['users', 'me', userId] as const,
};

export const usersApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.call(userRoutes.page, { query: { searchParam, pageNumber }, signal }),
  options: () => http.call(userRoutes.options),
  create: (body: UserCreate) => http.call(userRoutes.create, { body, silent: true }),
  update: (id: number, body: UserUpdate) => http.call(userRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(userRoutes.remove, { params: { id } }),
  /** Silent: the header's pause button keeps its own state when this fails. */
  find: (id: number) => http.call(userRoutes.find, { params: { id }, silent: true }),
  /** Stops or resumes receiving automatic assignments (docs/decisions/fair-assignment.md). */
  pause: (paused: boolean, reason?: string) =>
    http.call(userRoutes.pause, { body: { paused, ...(reason ? { reason } : {}) } }),
};
