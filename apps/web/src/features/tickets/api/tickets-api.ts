import { ticketRoutes } from '@wacrm/shared/tickets/ticket.routes';
import { http } from '../../../lib/api.ts';
import type { NotificationViewer } from '../model/notifications.ts';
import type { TicketStatus } from '../model/ticket-list.ts';

/** The filters of one list; the search tab has no status. */
export interface TicketListParams {
  status?: TicketStatus;
  searchParam: string;
  tags: number[];
  users: number[];
  /** The manager always sends its selection; the bell leaves it out (the server cuts to the user's queues). */
  queueIds?: number[];
  showAll: boolean;
  withUnreadMessages?: boolean;
}

export const ticketsKeys = {
  all: ['tickets'] as const,
  lists: (companyId: number) => ['tickets', 'list', companyId] as const,
  list: (companyId: number, params: TicketListParams) => ['tickets', 'list', companyId, params] as const,
  /** Everything the bell's answer depends on: who asks, their profile, allTicket and queues. */
  bell: (companyId: number, viewer: NotificationViewer) =>
    [
      'tickets',
      'bell',
      companyId,
      viewer.id,
      viewer.profile,
      viewer.allTicket,
      [...viewer.queueIds].sort((a, b) => a - b),
    ] as const,
  // The same key as the conversation's, so the page's access check and the thread share one request.
  byUuid: (uuid: string) => ['tickets', 'uuid', uuid] as const,
};

export type { TagOption } from '@wacrm/shared/tags/tag.schema';

/** `POST /tickets` body (spec: contactId, queueId, whatsappId, userId, status). */
export interface NewTicketBody {
  contactId: number;
  queueId: number | null;
  whatsappId: number;
  userId: number;
  status: 'open';
}

/** `details.ticket` of a 409 `ERR_OTHER_OPEN_TICKET` (docs/decisions/tickets.md). */
export type { OtherOpenTicket } from '@wacrm/shared/tickets/ticket.schema';

/** `PUT /tickets/{id}` body (spec: status, userId, queueId, whatsappId, useIntegration, promptId, integrationId). */
export interface TicketChangeBody {
  status?: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number;
  useIntegration?: boolean;
  promptId?: number | null;
  integrationId?: number | null;
}

export const ticketsApi = {
  /** The first page without a cursor, the next ones after the previous page's `nextCursor`. */
  page: (params: TicketListParams, before: string | null, signal?: AbortSignal) =>
    http.call(ticketRoutes.list, {
      query: {
        status: params.status,
        searchParam: params.searchParam || undefined,
        tags: params.tags.length ? params.tags : undefined,
        users: params.users.length ? params.users : undefined,
        queueIds: params.queueIds,
        showAll: params.showAll,
        withUnreadMessages: params.withUnreadMessages,
        before: before ?? undefined,
      },
      signal,
    }),
  /** Silent: the page turns "no permission" into its own toast and a redirect. */
  byUuid: (uuid: string) => http.call(ticketRoutes.findByUuid, { params: { uuid }, silent: true }),
  /** Silent: callers explain ERR_OTHER_OPEN_TICKET (reopen, connection move) and toast the rest. */
  update: (id: number, body: TicketChangeBody) =>
    http.call(ticketRoutes.update, { params: { ticketId: id }, body, silent: true }),
  /** Silent: the modal explains ERR_OTHER_OPEN_TICKET itself. */
  create: (body: NewTicketBody) => http.call(ticketRoutes.create, { body, silent: true }),
  remove: (id: number) => http.call(ticketRoutes.remove, { params: { ticketId: id } }),
};
