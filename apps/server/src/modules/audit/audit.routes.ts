import { auditRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { AuditService } from './audit.service.ts';

export function registerAuditRoutes(app: FastifyInstance, service: AuditService) {
  route(app, auditRoutes.page, (request) => service.page(request.session, request.query), {
    preHandler: requireAdmin,
  });

  route(
    app,
    auditRoutes.exportCsv,
    async (request, reply) => {
      const csv = await service.csv(request.session, request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store');
      return csv;
    },
    { preHandler: requireAdmin },
  );
}
