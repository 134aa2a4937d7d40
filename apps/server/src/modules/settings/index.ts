import type { SettingKey } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { AuditLog } from '../audit/index.ts';
import { createSettingsRealtime } from './settings.realtime.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { registerSettingsRoutes } from './settings.routes.ts';
import { createSettingsService } from './settings.service.ts';
import { createSettingsReader } from './settings-reader.ts';

export { createSettingsRepository } from './settings.repository.ts';
export { defaultSettingsRows } from './settings-defaults.ts';
export type { SettingsInvalidation, SettingsReader } from './settings-reader.ts';

export function createSettingsModule(
  platform: Platform,
  deps: {
    /** A setting changed, after its commit (the company's ticket capacity: automatic assignment looks again). */
    changed: (companyId: number, key: SettingKey) => Promise<void>;
    audit: AuditLog;
  },
) {
  const repository = createSettingsRepository(platform.db);
  /** What other modules read settings through: kept per process, forgotten on every change. */
  const reader = createSettingsReader(repository, { bus: platform.bus, log: platform.log });
  const service = createSettingsService(repository, createSettingsRealtime(platform.realtime), reader, deps.changed, {
    db: platform.db,
    log: deps.audit,
  });
  return { repository, reader, service, register: (app: FastifyInstance) => registerSettingsRoutes(app, service) };
}
