import type { Help, HelpFields } from '@wacrm/shared/helps/help.schema';
import { http } from '../../../lib/api.ts';

export const helpsKeys = { list: () => ['helps'] as const };

export const helpsApi = {
  list: () => http.get<Help[]>('/api/helps/list'),
  create: (fields: HelpFields) => http.post<Help>('/api/helps', fields),
  update: (id: number, fields: HelpFields) => http.put<Help>(`/api/helps/${id}`, fields),
  remove: (id: number) => http.delete<void>(`/api/helps/${id}`),
};
