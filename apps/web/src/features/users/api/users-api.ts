import type { UserCreate, UserOption, UserRecord, UsersPage, UserUpdate } from '@wacrm/shared/users/user.schema';
import { http } from '../../../lib/api.ts';

export const usersKeys = {
  all: (companyId: number) => ['users', companyId] as const,
  pages: (companyId: number, search: string) => ['users', companyId, 'pages', search] as const,
  options: (companyId: number) => ['users', companyId, 'options'] as const,
  allowance: (companyId: number) => ['users', companyId, 'allowance'] as const,
};

export const usersApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.get<UsersPage>('/api/users/', { query: { searchParam, pageNumber }, signal }),
  options: () => http.get<UserOption[]>('/api/users/list'),
  create: (body: UserCreate) => http.post<UserRecord>('/api/users', body, { silent: true }),
  update: (id: number, body: UserUpdate) => http.put<UserRecord>(`/api/users/${id}`, body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/api/users/${id}`),
};
