import { z } from 'zod';

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
export interface TicketNoteRecord {
  id: number;
  note: string;
  ticketId: number | null;
  contactId: number;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}
