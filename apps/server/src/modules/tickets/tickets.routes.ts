import { queueMonitorRoutes, ticketRoutes, userRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import type { QueueMonitorService } from './queue-monitor.ts';
import type { TicketsService } from './tickets.service.ts';

export function registerTicketsRoutes(app: FastifyInstance, service: TicketsService, monitor: QueueMonitorService) {
  // The page is JSON text already (tickets.repository `list`), sent as it is: the contract's
  // response schema documents it, and ticket-record.integration.test.ts holds the text to it.
  route(app, ticketRoutes.list, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await service.list(request.session, request.query)),
  );

  route(app, ticketRoutes.findByUuid, (request) => service.showByUuid(request.session, request.params.uuid));

  route(app, ticketRoutes.find, (request) => service.show(request.session, request.params.ticketId));

  route(app, ticketRoutes.create, (request) => service.create(request.session, request.body));

  route(app, ticketRoutes.update, (request) => service.update(request.session, request.params.ticketId, request.body));

  route(app, ticketRoutes.markRead, (request) => service.markRead(request.session, request.params.ticketId));

  route(app, ticketRoutes.remove, (request) => service.remove(request.session, request.params.ticketId), {
    preHandler: requirePermission('ticket-options:deleteTicket'),
  });

  // The queue monitor (issue 48): admins and supervisors, who see every ticket's queue anyway.
  const supervisors = { preHandler: requirePermission('dashboard:view') };
  route(app, queueMonitorRoutes.monitor, (request) => monitor.monitor(request.session.companyId), supervisors);
  route(
    app,
    queueMonitorRoutes.waiting,
    (request) => monitor.waiting(request.session.companyId, request.params.id),
    supervisors,
  );
  // Any user of the company: the attendant's header shows their own, the transfer dialog the chosen user's.
  route(app, userRoutes.workload, (request) => monitor.workload(request.session.companyId, request.params.id));
}
