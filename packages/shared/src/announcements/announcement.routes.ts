// The method and path of each route in announcement.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './announcement.contract.ts';

export const announcementRoutes = routeRefs<typeof contracts.announcementRoutes>({
  listActive: { method: 'GET', path: '/api/announcements/list' },
  page: { method: 'GET', path: '/api/announcements' },
  create: { method: 'POST', path: '/api/announcements' },
  find: { method: 'GET', path: '/api/announcements/:id' },
  update: { method: 'PUT', path: '/api/announcements/:id' },
  remove: { method: 'DELETE', path: '/api/announcements/:id' },
  attachMedia: { method: 'POST', path: '/api/announcements/:id/media-upload' },
  removeMedia: { method: 'DELETE', path: '/api/announcements/:id/media-upload' },
});
