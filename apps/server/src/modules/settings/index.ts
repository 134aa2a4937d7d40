import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { createSettingsRealtime } from './settings.realtime.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { registerSettingsRoutes } from './settings.routes.ts';
import { createSettingsService } from './settings.service.ts';

export function createSettingsModule(platform: Platform) {
  const repository = createSettingsRepository(platform.db);
  const service = createSettingsService(repository, createSettingsRealtime(platform.realtime));
  return { repository, service, register: (app: FastifyInstance) => registerSettingsRoutes(app, service) };
}
