import { ticketNoteRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { TicketNotesService } from './ticket-notes.service.ts';

export function registerTicketNotesRoutes(app: FastifyInstance, notes: TicketNotesService) {
  route(app, ticketNoteRoutes.list, (request) => notes.list(request.session, request.query));

  route(app, ticketNoteRoutes.create, (request) => notes.create(request.session, request.body));

  route(app, ticketNoteRoutes.remove, (request) => notes.remove(request.session, request.params.id));
}
