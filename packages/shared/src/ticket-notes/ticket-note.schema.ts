import { z } from 'zod';
import { timestampSchema } from '../common/route-contract.ts';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** spec: a note is required and at least 2 characters. */
export const ticketNoteFieldsSchema = z.object({
  note: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(5_000, 'Too Long!'),
  ticketId: idSchema,
  contactId: idSchema,
});
export type TicketNoteFields = z.infer<typeof ticketNoteFieldsSchema>;

export const ticketNoteIdParamsSchema = z.object({ id: idSchema });

/** `GET /ticket-notes/list`: the notes of a contact, of one of its tickets when ticketId is given. */
export const ticketNoteListQuerySchema = z.object({
  contactId: idSchema,
  ticketId: idSchema.optional(),
});
export type TicketNoteListQuery = z.infer<typeof ticketNoteListQuerySchema>;

/** spec: a note with its author's name and date. */
export const ticketNoteRecordSchema = z.object({
  id: z.number(),
  note: z.string(),
  ticketId: z.number().nullable(),
  contactId: z.number(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type TicketNoteRecord = z.input<typeof ticketNoteRecordSchema>;
