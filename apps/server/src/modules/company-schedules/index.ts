import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { createCompanySchedulesRepository } from './company-schedules.repository.ts';
import { registerCompanySchedulesRoutes } from './company-schedules.routes.ts';
import { createCompanySchedulesService } from './company-schedules.service.ts';

/** The company's weekly opening hours (settings → schedules tab; used when scheduleType is 'company'). */
export function createCompanySchedulesModule(platform: Platform) {
  const service = createCompanySchedulesService(createCompanySchedulesRepository(platform.db));
  return { service, register: (app: FastifyInstance) => registerCompanySchedulesRoutes(app, service) };
}
