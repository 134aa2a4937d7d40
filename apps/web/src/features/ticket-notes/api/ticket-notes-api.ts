import { ticketNoteRoutes } from '@wacrm/shared/ticket-notes/ticket-note.routes';
import type { TicketNoteFields } from '@wacrm/shared/ticket-notes/ticket-note.schema';
import { http } from '../../../lib/api.ts';

export const ticketNotesKeys = {
  list: (companyId: number, contactId: number, ticketId: number) =>
    ['ticket-notes', companyId, contactId, ticketId] as const,
};

export const ticketNotesApi = {
  list: (contactId: number, ticketId: number) => http.call(ticketNoteRoutes.list, { query: { contactId, ticketId } }),
  create: (body: TicketNoteFields) => http.call(ticketNoteRoutes.create, { body, silent: true }),
  remove: (id: number) => http.call(ticketNoteRoutes.remove, { params: { id } }),
};
