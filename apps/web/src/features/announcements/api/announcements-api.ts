import { announcementRoutes } from '@wacrm/shared/announcements/announcement.routes';
import type { AnnouncementFields } from '@wacrm/shared/announcements/announcement.schema';
import { http } from '../../../lib/api.ts';

export const announcementsKeys = {
  all: ['announcements'] as const,
  active: () => ['announcements', 'active'] as const,
  pages: (searchParam: string) => ['announcements', 'pages', searchParam] as const,
};

export const announcementsApi = {
  listActive: () => http.call(announcementRoutes.listActive, { silent: true }),
  listPage: (searchParam: string, pageNumber: number) =>
    http.call(announcementRoutes.page, { query: { searchParam, pageNumber } }),
  create: (body: AnnouncementFields) => http.call(announcementRoutes.create, { body }),
  update: (id: number, body: AnnouncementFields) => http.call(announcementRoutes.update, { params: { id }, body }),
  remove: (id: number) => http.call(announcementRoutes.remove, { params: { id } }),
  uploadMedia: (id: number, file: File) => {
    const body = new FormData();
    body.append('typeArch', 'announcements');
    body.append('file', file);
    return http.call(announcementRoutes.attachMedia, { params: { id }, body });
  },
  removeMedia: (id: number) => http.call(announcementRoutes.removeMedia, { params: { id } }),
};
