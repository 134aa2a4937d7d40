import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { SettingsReader } from '../settings/index.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { registerDashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

export type { DashboardService } from './dashboard.service.ts';

/** Read-only figures of the operation; the web refetches on ticket and user events, so nothing is emitted here. */
export function createDashboardModule(platform: Platform, deps: { settings: SettingsReader }) {
  const repository = createDashboardRepository(platform.db);
  const service = createDashboardService({ settings: deps.settings, repository, clock: platform.clock });
  return { service, register: (app: FastifyInstance) => registerDashboardRoutes(app, service) };
}
