import { quickMessageRoutes } from '@wacrm/shared/quick-messages/quick-message.routes';
import type { QuickMessageFields } from '@wacrm/shared/quick-messages/quick-message.schema';
import { http } from '../../../lib/api.ts';

export const quickMessagesKeys = {
  all: (companyId: number) => ['quick-messages', companyId] as const,
  pages: (companyId: number, search: string) => ['quick-messages', companyId, 'pages', search] as const,
};

export const quickMessagesApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.call(quickMessageRoutes.page, { query: { searchParam, pageNumber }, signal }),
  /** The composer's list: the caller's own and the company's, active only. */
  list: () => http.call(quickMessageRoutes.list),
  /** Silent: the dialog shows the errors itself. */
  create: (body: QuickMessageFields) => http.call(quickMessageRoutes.create, { body, silent: true }),
  update: (id: number, body: QuickMessageFields) =>
    http.call(quickMessageRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(quickMessageRoutes.remove, { params: { id } }),
  uploadMedia(id: number, file: File) {
    const form = new FormData();
    form.append('typeArch', 'quickMessage');
    form.append('file', file);
    return http.call(quickMessageRoutes.uploadMedia, { params: { id }, body: form, silent: true });
  },
  removeMedia: (id: number) => http.call(quickMessageRoutes.removeMedia, { params: { id } }),
};
