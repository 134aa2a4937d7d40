import { tagRoutes } from '@wacrm/shared/tags/tag.routes';
import type { TagFields, TagOption } from '@wacrm/shared/tags/tag.schema';
import { http } from '../../../lib/api.ts';

export const tagsKeys = {
  all: (companyId: number) => ['tags', companyId] as const,
  pages: (companyId: number, search: string) => ['tags', companyId, 'pages', search] as const,
  options: (companyId: number) => ['tags', companyId, 'options'] as const,
};

export const tagsApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.call(tagRoutes.page, { query: { searchParam, pageNumber }, signal }),
  options: () => http.call(tagRoutes.list),
  /** Silent: the dialog shows field errors itself. */
  create: (body: TagFields) => http.call(tagRoutes.create, { body, silent: true }),
  update: (id: number, body: TagFields) => http.call(tagRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(tagRoutes.remove, { params: { id } }),
  /** Sets a ticket's whole tag set. */
  sync: (ticketId: number, tags: Pick<TagOption, 'id'>[]) =>
    http.call(tagRoutes.sync, { body: { ticketId, tags: tags.map(({ id }) => ({ id })) } }),
};
