import { ticketNoteFieldsSchema, ticketNoteIdParamsSchema, ticketNoteListQuerySchema } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TicketNotesService } from './ticket-notes.service.ts';

export function registerTicketNotesRoutes(app: FastifyInstance, notes: TicketNotesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/ticket-notes/list', { schema: { querystring: ticketNoteListQuerySchema } }, (request) =>
    notes.list(request.session, request.query),
  );

  api.post('/api/ticket-notes', { schema: { body: ticketNoteFieldsSchema } }, (request) =>
    notes.create(request.session, request.body),
  );

  api.delete('/api/ticket-notes/:id', { schema: { params: ticketNoteIdParamsSchema } }, (request) =>
    notes.remove(request.session, request.params.id),
  );
}
