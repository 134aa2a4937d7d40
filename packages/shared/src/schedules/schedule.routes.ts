// The method and path of each route in schedule.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './schedule.contract.ts';

export const scheduleRoutes = routeRefs<typeof contracts.scheduleRoutes>({
  page: { method: 'GET', path: '/api/schedules' },
  timeZone: { method: 'GET', path: '/api/schedules/time-zone' },
  find: { method: 'GET', path: '/api/schedules/:id' },
  create: { method: 'POST', path: '/api/schedules' },
  update: { method: 'PUT', path: '/api/schedules/:id' },
  remove: { method: 'DELETE', path: '/api/schedules/:id' },
  attachMedia: { method: 'POST', path: '/api/schedules/:id/media-upload' },
  removeMedia: { method: 'DELETE', path: '/api/schedules/:id/media-upload' },
});
