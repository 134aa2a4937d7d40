import {
  ticketCreateSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketUpdateSchema,
  ticketUuidParamsSchema,
} from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePermission } from '../../platform/http/guards.ts';
import type { TicketsService } from './tickets.service.ts';

export function registerTicketsRoutes(app: FastifyInstance, service: TicketsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = ticketIdParamsSchema;

  // The page is JSON text already (tickets.repository `list`), sent as it is.
  api.get('/api/tickets', { schema: { querystring: ticketListQuerySchema } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await service.list(request.session, request.query)),
  );

  api.get('/api/tickets/u/:uuid', { schema: { params: ticketUuidParamsSchema } }, (request) =>
    service.showByUuid(request.session, request.params.uuid),
  );

  api.get('/api/tickets/:ticketId', { schema: { params } }, (request) =>
    service.show(request.session, request.params.ticketId),
  );

  api.post('/api/tickets', { schema: { body: ticketCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.session, request.body)),
  );

  api.put('/api/tickets/:ticketId', { schema: { params, body: ticketUpdateSchema } }, (request) =>
    service.update(request.session, request.params.ticketId, request.body),
  );

  api.post('/api/tickets/:ticketId/read', { schema: { params } }, (request) =>
    service.markRead(request.session, request.params.ticketId),
  );

  api.delete(
    '/api/tickets/:ticketId',
    { schema: { params }, preHandler: requirePermission('ticket-options:deleteTicket') },
    (request) => service.remove(request.session, request.params.ticketId),
  );
}
