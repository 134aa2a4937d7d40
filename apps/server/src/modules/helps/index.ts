import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { createHelpsRepository } from './helps.repository.ts';
import { registerHelpsRoutes } from './helps.routes.ts';
import { createHelpsService } from './helps.service.ts';

export function createHelpsModule(platform: Platform) {
  const service = createHelpsService(createHelpsRepository(platform.db));
  return { service, register: (app: FastifyInstance) => registerHelpsRoutes(app, service) };
}
