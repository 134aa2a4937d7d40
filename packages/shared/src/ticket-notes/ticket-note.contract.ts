import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import {
  ticketNoteFieldsSchema,
  ticketNoteIdParamsSchema,
  ticketNoteListQuerySchema,
  ticketNoteRecordSchema,
} from './ticket-note.schema.ts';

/** The notes of a ticket or contact (spec: Ticket notes). */
export const ticketNoteRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/ticket-notes/list',
    query: ticketNoteListQuerySchema,
    response: z.array(ticketNoteRecordSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/ticket-notes',
    body: ticketNoteFieldsSchema,
    response: ticketNoteRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/ticket-notes/:id',
    params: ticketNoteIdParamsSchema,
    response: z.object({ message: z.string() }),
  }),
};
