// The method and path of each route in campaign.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './campaign.contract.ts';

export const campaignRoutes = routeRefs<typeof contracts.campaignRoutes>({
  settings: { method: 'GET', path: '/api/campaign-settings' },
  saveSettings: { method: 'POST', path: '/api/campaign-settings' },
  page: { method: 'GET', path: '/api/campaigns' },
  find: { method: 'GET', path: '/api/campaigns/:id' },
  create: { method: 'POST', path: '/api/campaigns' },
  update: { method: 'PUT', path: '/api/campaigns/:id' },
  remove: { method: 'DELETE', path: '/api/campaigns/:id' },
  cancel: { method: 'POST', path: '/api/campaigns/:id/cancel' },
  restart: { method: 'POST', path: '/api/campaigns/:id/restart' },
  attachMedia: { method: 'POST', path: '/api/campaigns/:id/media-upload' },
  removeMedia: { method: 'DELETE', path: '/api/campaigns/:id/media-upload' },
  report: { method: 'GET', path: '/api/campaigns/:id/report' },
  shippingsCsv: { method: 'GET', path: '/api/campaigns/:id/shippings.csv' },
});

export const contactListItemRoutes = routeRefs<typeof contracts.contactListItemRoutes>({
  page: { method: 'GET', path: '/api/contact-list-items' },
  find: { method: 'GET', path: '/api/contact-list-items/:id' },
  create: { method: 'POST', path: '/api/contact-list-items' },
  update: { method: 'PUT', path: '/api/contact-list-items/:id' },
  remove: { method: 'DELETE', path: '/api/contact-list-items/:id' },
});

export const contactListRoutes = routeRefs<typeof contracts.contactListRoutes>({
  page: { method: 'GET', path: '/api/contact-lists' },
  all: { method: 'GET', path: '/api/contact-lists/list' },
  find: { method: 'GET', path: '/api/contact-lists/:id' },
  create: { method: 'POST', path: '/api/contact-lists' },
  fromTags: { method: 'POST', path: '/api/contact-lists/from-tags' },
  rename: { method: 'PUT', path: '/api/contact-lists/:id' },
  remove: { method: 'DELETE', path: '/api/contact-lists/:id' },
  upload: { method: 'POST', path: '/api/contact-lists/:id/upload' },
});

export const fileListRoutes = routeRefs<typeof contracts.fileListRoutes>({
  page: { method: 'GET', path: '/api/files' },
  find: { method: 'GET', path: '/api/files/:id' },
  create: { method: 'POST', path: '/api/files' },
  update: { method: 'PUT', path: '/api/files/:id' },
  remove: { method: 'DELETE', path: '/api/files/:id' },
  upload: { method: 'POST', path: '/api/files/uploadList/:id' },
});
