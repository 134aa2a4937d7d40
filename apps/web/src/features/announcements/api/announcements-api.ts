import type {
  Announcement,
  AnnouncementFields,
  AnnouncementPage,
} from '@wacrm/shared/announcements/announcement.schema';
import { http } from '../../../lib/api.ts';

export const announcementsKeys = {
  all: ['announcements'] as const,
  active: () => ['announcements', 'active'] as const,
  pages: (searchParam: string) => ['announcements', 'pages', searchParam] as const,
};

export const announcementsApi = {
  listActive: () => http.get<Announcement[]>('/api/announcements/list', { silent: true }),
  listPage: (searchParam: string, pageNumber: number) =>
    http.get<AnnouncementPage>('/api/announcements', { query: { searchParam, pageNumber } }),
  create: (fields: AnnouncementFields) => http.post<Announcement>('/api/announcements', fields),
  update: (id: number, fields: AnnouncementFields) => http.put<Announcement>(`/api/announcements/${id}`, fields),
  remove: (id: number) => http.delete<void>(`/api/announcements/${id}`),
  uploadMedia: (id: number, file: File) => {
    const form = new FormData();
    form.append('typeArch', 'announcements');
    form.append('file', file);
    return http.post<Announcement>(`/api/announcements/${id}/media-upload`, form);
  },
  removeMedia: (id: number) => http.delete<Announcement>(`/api/announcements/${id}/media-upload`),
};
