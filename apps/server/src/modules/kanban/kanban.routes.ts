import {
  kanbanLaneOrderSchema,
  kanbanMoveSchema,
  kanbanQuerySchema,
  ticketIdOnlyParamsSchema,
  ticketTagParamsSchema,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { KanbanService } from './kanban.service.ts';

/** Every kanban route answers 403 to a plan without `useKanban` (checked before anything else). */
export function registerKanbanRoutes(
  app: FastifyInstance,
  service: KanbanService,
  guards: { requireKanban: (request: FastifyRequest) => Promise<void> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = guards.requireKanban;

  api.get('/api/ticket/kanban', { preHandler, schema: { querystring: kanbanQuerySchema } }, (request) =>
    service.board(request.session, request.query),
  );

  api.post(
    '/api/ticket-tags/:ticketId/move',
    { preHandler, schema: { params: ticketIdOnlyParamsSchema, body: kanbanMoveSchema } },
    (request) => service.move(request.session, request.params.ticketId, request.body),
  );

  api.put('/api/ticket-tags/:ticketId/:tagId', { preHandler, schema: { params: ticketTagParamsSchema } }, (request) =>
    service.addTag(request.session, request.params.ticketId, request.params.tagId),
  );

  api.delete('/api/ticket-tags/:ticketId', { preHandler, schema: { params: ticketIdOnlyParamsSchema } }, (request) =>
    service.clearLanes(request.session, request.params.ticketId),
  );

  api.put('/api/tags/kanban/order', { preHandler, schema: { body: kanbanLaneOrderSchema } }, (request) =>
    service.orderLanes(request.session, request.body),
  );
}
