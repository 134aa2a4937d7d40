import { defineRoute } from '../common/route-contract.ts';
import {
  kanbanBoardSchema,
  kanbanLaneOrderAnswerSchema,
  kanbanLaneOrderSchema,
  kanbanMoveSchema,
  kanbanQuerySchema,
  kanbanTicketAnswerSchema,
  ticketIdOnlyParamsSchema,
  ticketTagParamsSchema,
} from './kanban.schema.ts';

/** The kanban routes (spec: Kanban); plans without the kanban feature answer 403 to each. */
export const kanbanRoutes = {
  board: defineRoute({
    method: 'GET',
    path: '/api/ticket/kanban',
    query: kanbanQuerySchema,
    response: kanbanBoardSchema,
  }),
  /** Moves a card from one lane to another in one transaction (409 when it already left `fromTagId`). */
  move: defineRoute({
    method: 'POST',
    path: '/api/ticket-tags/:ticketId/move',
    params: ticketIdOnlyParamsSchema,
    body: kanbanMoveSchema,
    response: kanbanTicketAnswerSchema,
  }),
  /** Adds one tag of the company to the ticket (idempotent). */
  addTag: defineRoute({
    method: 'PUT',
    path: '/api/ticket-tags/:ticketId/:tagId',
    params: ticketTagParamsSchema,
    response: kanbanTicketAnswerSchema,
  }),
  /** Takes the ticket off every lane (its other tags stay). */
  clearLanes: defineRoute({
    method: 'DELETE',
    path: '/api/ticket-tags/:ticketId',
    params: ticketIdOnlyParamsSchema,
    response: kanbanTicketAnswerSchema,
  }),
  /** Admins and supervisors order the lanes. */
  orderLanes: defineRoute({
    method: 'PUT',
    path: '/api/tags/kanban/order',
    body: kanbanLaneOrderSchema,
    response: kanbanLaneOrderAnswerSchema,
  }),
};
