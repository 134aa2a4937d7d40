import type { TicketNoteFields, TicketNoteRecord } from '@wacrm/shared/ticket-notes/ticket-note.schema';
import { http } from '../../../lib/api.ts';

export const ticketNotesKeys = {
  list: (companyId: number, contactId: number, ticketId: number) =>
    ['ticket-notes', companyId, contactId, ticketId] as const,
};

export const ticketNotesApi = {
  list: (contactId: number, ticketId: number) =>
    http.get<TicketNoteRecord[]>('/api/ticket-notes/list', { query: { contactId, ticketId } }),
  create: (body: TicketNoteFields) => http.post<TicketNoteRecord>('/api/ticket-notes', body, { silent: true }),
  remove: (id: number) => http.delete<{ message: string }>(`/api/ticket-notes/${id}`),
};
