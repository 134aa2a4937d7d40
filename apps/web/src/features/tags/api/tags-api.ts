import type { TagFields, TagOption, TagRecord, TagsPage } from '@wacrm/shared/tags/tag.schema';
import { http } from '../../../lib/api.ts';

export const tagsKeys = {
  all: (companyId: number) => ['tags', companyId] as const,
  pages: (companyId: number, search: string) => ['tags', companyId, 'pages', search] as const,
  options: (companyId: number) => ['tags', companyId, 'options'] as const,
};

export const tagsApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.get<TagsPage>('/api/tags/', { query: { searchParam, pageNumber }, signal }),
  options: () => http.get<TagRecord[]>('/api/tags/list'),
  /** Silent: the dialog shows field errors itself. */
  create: (body: TagFields) => http.post<TagRecord>('/api/tags', body, { silent: true }),
  update: (id: number, body: TagFields) => http.put<TagRecord>(`/api/tags/${id}`, body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/api/tags/${id}`),
  /** Sets a ticket's whole tag set. */
  sync: (ticketId: number, tags: Pick<TagOption, 'id'>[]) =>
    http.post<{ ticketId: number; tags: TagOption[] }>('/api/tags/sync', {
      ticketId,
      tags: tags.map(({ id }) => ({ id })),
    }),
};
