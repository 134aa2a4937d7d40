import { z } from 'zod';
import { pageNumberSchema } from '../common/pagination.ts';
import { pageSchema } from '../common/route-contract.ts';
import { idListSchema, ticketRecordSchema } from '../tickets/ticket.schema.ts';

/** Cards per lane per page of `GET /ticket/kanban` (a lane shows about five; the rest load on scroll). */
export const KANBAN_LANE_PAGE_SIZE = 20;

/** The "Em aberto" lane (tickets with no kanban tag) is lane 0 in queries and answers. */
export const OPEN_LANE_ID = 0;

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * `GET /ticket/kanban`: `queueIds` as a JSON array (spec) or a comma list, `showAll`, a contact
 * search, and paging per lane. Without `lane` the first page of every lane comes back; with it
 * (`0` for "Em aberto", else a tag id) page `pageNumber` of that lane only.
 */
export const kanbanQuerySchema = z.object({
  queueIds: idListSchema,
  /** Default on; off narrows a viewer who sees every ticket to their own queues. */
  showAll: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((value) => value === undefined || value === true || value === 'true'),
  searchParam: z.string().trim().max(200).optional().default(''),
  lane: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  pageNumber: pageNumberSchema,
});
export type KanbanQuery = z.infer<typeof kanbanQuerySchema>;

/** One lane's page: `tagId` 0 is "Em aberto"; `count` is every card of the lane under the filters. */
export const kanbanLanePageSchema = pageSchema('tickets', ticketRecordSchema).extend({ tagId: z.number() });
export type KanbanLanePage = z.input<typeof kanbanLanePageSchema>;

/** `GET /ticket/kanban` answer: every lane, or the one lane asked for. */
export const kanbanBoardSchema = z.object({ lanes: z.array(kanbanLanePageSchema) });
export type KanbanBoard = z.input<typeof kanbanBoardSchema>;

/** What a card's move, tag or lane clearing answers: the ticket as it now is. */
export const kanbanTicketAnswerSchema = z.object({ ticket: ticketRecordSchema });

export const ticketTagParamsSchema = z.object({ ticketId: idSchema, tagId: idSchema });
export const ticketIdOnlyParamsSchema = z.object({ ticketId: idSchema });

/**
 * `POST /ticket-tags/{ticketId}/move`: replaces the lane tag `fromTagId` with `toTagId` in one
 * transaction. `null` (or 0) is "Em aberto". A ticket no longer in `fromTagId` answers 409.
 */
export const kanbanMoveSchema = z.object({
  fromTagId: idSchema.nullable().or(z.literal(0).transform(() => null)),
  toTagId: idSchema.nullable().or(z.literal(0).transform(() => null)),
});
export type KanbanMove = z.infer<typeof kanbanMoveSchema>;

/** `PUT /tags/kanban/order`: the kanban tags in lane order (admins and supervisors). */
export const kanbanLaneOrderSchema = z.object({
  tagIds: z.array(idSchema).min(1).max(500),
});
export type KanbanLaneOrder = z.infer<typeof kanbanLaneOrderSchema>;

/** `PUT /tags/kanban/order` answer: the lane ids in their new order, "Em aberto" (0) first. */
export const kanbanLaneOrderAnswerSchema = z.object({ lanes: z.array(z.number()) });
