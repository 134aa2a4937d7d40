import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { auditRetentionJob } from './audit.jobs.ts';
import { createAuditRepository } from './audit.repository.ts';
import { registerAuditRoutes } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';

export type { AuditActor, AuditChange } from './audit.service.ts';

/**
 * The audit log (issue 53). Other modules call `record(tx, actor, change)` inside the
 * transaction of the change they make.
 */
export function createAuditModule(platform: Platform) {
  const service = createAuditService(createAuditRepository(platform.db));
  platform.jobs.handle(auditRetentionJob, async () => {
    const before = new Date(Date.now() - platform.config.auditRetentionDays * 86_400_000);
    const deleted = await service.deleteOlderThan(before);
    if (deleted > 0) platform.log.info({ deleted }, 'audit log: old entries deleted');
  });
  return {
    record: service.record,
    service,
    register: (app: FastifyInstance) => registerAuditRoutes(app, service),
  };
}

export type AuditLog = Pick<ReturnType<typeof createAuditModule>, 'record'>;
