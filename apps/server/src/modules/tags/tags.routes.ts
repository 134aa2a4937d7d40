import { tagRoutes } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { TagsService } from './tags.service.ts';

/** Every logged-in user of the company reads and manages tags; the kanban flag is the service's rule. */
export function registerTagsRoutes(
  app: FastifyInstance,
  service: TagsService,
  guards: { requireKanban: (request: FastifyRequest) => Promise<void> },
) {
  // spec: `GET /tags/` is the paged list; the bare path answers the same.
  for (const path of [tagRoutes.page.path, '/api/tags'] as const) {
    route(app, { ...tagRoutes.page, path }, (request) => service.page(request.session.companyId, request.query));
  }

  route(app, tagRoutes.list, (request) => service.list(request.session.companyId));

  // The board's lanes belong to the kanban feature: plans without it answer 403.
  route(app, tagRoutes.kanban, async (request) => ({ lista: await service.kanban(request.session.companyId) }), {
    preHandler: guards.requireKanban,
  });

  route(app, tagRoutes.find, (request) => service.find(request.session.companyId, request.params.id));

  route(app, tagRoutes.create, (request) => service.create(request.session, request.body));

  route(app, tagRoutes.sync, (request) => service.sync(request.session, request.body));

  route(app, tagRoutes.update, (request) => service.update(request.session, request.params.id, request.body));

  route(app, tagRoutes.remove, (request) => service.remove(request.session.companyId, request.params.id));
}
