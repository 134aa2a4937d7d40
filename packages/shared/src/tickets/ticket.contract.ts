import { defineRoute } from '../common/route-contract.ts';
import { ticketIdParamsSchema as params } from '../messages/message.schema.ts';
import {
  ticketCreateSchema,
  ticketListQuerySchema,
  ticketReadSchema,
  ticketRecordSchema,
  ticketRemovedSchema,
  ticketsPageSchema,
  ticketUpdateSchema,
  ticketUuidParamsSchema,
} from './ticket.schema.ts';

/** The tickets routes (spec: Tickets); a transfer is an update naming another user, queue or connection. */
export const ticketRoutes = {
  /** The server sends this page as JSON text the database wrote (tickets.repository `list`). */
  list: defineRoute({ method: 'GET', path: '/api/tickets', query: ticketListQuerySchema, response: ticketsPageSchema }),
  /** The conversation's address; a malformed uuid answers 404 like an unknown one. */
  findByUuid: defineRoute({
    method: 'GET',
    path: '/api/tickets/u/:uuid',
    params: ticketUuidParamsSchema,
    response: ticketRecordSchema,
  }),
  find: defineRoute({ method: 'GET', path: '/api/tickets/:ticketId', params, response: ticketRecordSchema }),
  create: defineRoute({
    method: 'POST',
    path: '/api/tickets',
    body: ticketCreateSchema,
    response: ticketRecordSchema,
    status: 201,
  }),
  /** A transition or a transfer (docs/decisions/tickets.md). */
  update: defineRoute({
    method: 'PUT',
    path: '/api/tickets/:ticketId',
    params,
    body: ticketUpdateSchema,
    response: ticketRecordSchema,
  }),
  /** The customer's messages read, the unread count zeroed, WhatsApp told. */
  markRead: defineRoute({ method: 'POST', path: '/api/tickets/:ticketId/read', params, response: ticketReadSchema }),
  /** Needs the `ticket-options:deleteTicket` permission. */
  remove: defineRoute({ method: 'DELETE', path: '/api/tickets/:ticketId', params, response: ticketRemovedSchema }),
};
