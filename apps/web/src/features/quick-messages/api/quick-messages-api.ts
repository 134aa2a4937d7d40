import type {
  QuickMessageFields,
  QuickMessageRecord,
  QuickMessagesPage,
} from '@wacrm/shared/quick-messages/quick-message.schema';
import { http } from '../../../lib/api.ts';

export const quickMessagesKeys = {
  all: (companyId: number) => ['quick-messages', companyId] as const,
  pages: (companyId: number, search: string) => ['quick-messages', companyId, 'pages', search] as const,
};

export const quickMessagesApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.get<QuickMessagesPage>('/api/quick-messages', { query: { searchParam, pageNumber }, signal }),
  /** The composer's list: the caller's own and the company's, active only. */
  list: () => http.get<QuickMessageRecord[]>('/api/quick-messages/list'),
  /** Silent: the dialog shows the errors itself. */
  create: (body: QuickMessageFields) => http.post<QuickMessageRecord>('/api/quick-messages', body, { silent: true }),
  update: (id: number, body: QuickMessageFields) =>
    http.put<QuickMessageRecord>(`/api/quick-messages/${id}`, body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/api/quick-messages/${id}`),
  uploadMedia(id: number, file: File) {
    const form = new FormData();
    form.append('typeArch', 'quickMessage');
    form.append('file', file);
    return http.post<QuickMessageRecord>(`/api/quick-messages/${id}/media-upload`, form, { silent: true });
  },
  removeMedia: (id: number) => http.delete<QuickMessageRecord>(`/api/quick-messages/${id}/media-upload`),
};
