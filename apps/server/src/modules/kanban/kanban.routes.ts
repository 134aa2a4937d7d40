import { kanbanRoutes } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { KanbanService } from './kanban.service.ts';

/** Every kanban route answers 403 to a plan without `useKanban` (checked before anything else). */
export function registerKanbanRoutes(
  app: FastifyInstance,
  service: KanbanService,
  guards: { requireKanban: (request: FastifyRequest) => Promise<void> },
) {
  const options = { preHandler: guards.requireKanban };

  route(app, kanbanRoutes.board, (request) => service.board(request.session, request.query), options);

  route(
    app,
    kanbanRoutes.move,
    (request) => service.move(request.session, request.params.ticketId, request.body),
    options,
  );

  route(
    app,
    kanbanRoutes.addTag,
    (request) => service.addTag(request.session, request.params.ticketId, request.params.tagId),
    options,
  );

  route(
    app,
    kanbanRoutes.clearLanes,
    (request) => service.clearLanes(request.session, request.params.ticketId),
    options,
  );

  route(app, kanbanRoutes.orderLanes, (request) => service.orderLanes(request.session, request.body), options);
}
