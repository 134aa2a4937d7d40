import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { registerTicketNotesRoutes } from './ticket-notes.routes.ts';
import { createTicketNotesService } from './ticket-notes.service.ts';

export { createTicketNotesRepository } from './ticket-notes.repository.ts';

/** Ticket notes: what attendants write down about a contact during a ticket. */
export function createTicketNotesModule(platform: Platform, deps: { tickets: TicketsModule }) {
  const service = createTicketNotesService({ db: platform.db, tickets: () => deps.tickets.policy });
  return { service, register: (app: FastifyInstance) => registerTicketNotesRoutes(app, service) };
}
