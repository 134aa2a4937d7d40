import { templateRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../../../../platform/http/contract-routes.ts';
import { requirePermission } from '../../../../../platform/http/guards.ts';
import type { TemplatesService } from './templates.service.ts';

export function registerTemplatesRoutes(app: FastifyInstance, service: TemplatesService) {
  // Every user of the company: the composer offers them when the service window is closed.
  route(app, templateRoutes.list, (request) => service.list(request.session.companyId, request.params.id));

  // Calls Meta with the connection's token: those who may edit the connection.
  route(app, templateRoutes.sync, (request) => service.sync(request.session.companyId, request.params.id), {
    preHandler: requirePermission('connections-page:editOrDeleteConnection'),
  });
}
