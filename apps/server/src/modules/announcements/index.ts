import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { createAnnouncementsRealtime } from './announcements.realtime.ts';
import { createAnnouncementsRepository } from './announcements.repository.ts';
import { registerAnnouncementsRoutes } from './announcements.routes.ts';
import { createAnnouncementsService } from './announcements.service.ts';

export function createAnnouncementsModule(platform: Platform) {
  const service = createAnnouncementsService({
    repository: createAnnouncementsRepository(platform.db, platform.storage.urlOf),
    events: createAnnouncementsRealtime(platform.realtime),
    storage: platform.storage,
  });
  return { service, register: (app: FastifyInstance) => registerAnnouncementsRoutes(app, service) };
}
