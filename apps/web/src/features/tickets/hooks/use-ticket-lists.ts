import { type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { AppMessageEvent, TicketEvent, TicketRecord } from '@wacrm/shared/messages/message.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { type TicketListParams, ticketsApi, ticketsKeys } from '../api/tickets-api.ts';
import {
  applyNewMessage,
  applyTicketDelete,
  applyTicketUpdate,
  applyUnreadReset,
  type PagedTickets,
  type TicketListScope,
} from '../model/ticket-list.ts';

/** One list of the manager, page by page (40 a page, the server's size). */
export function useTicketList(companyId: number, params: TicketListParams, isEnabled = true) {
  return useInfiniteQuery({
    queryKey: ticketsKeys.list(companyId, params),
    queryFn: ({ pageParam, signal }) => ticketsApi.page(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    enabled: isEnabled,
  });
}

/** Runs `change` on every cached list with the scope its key describes. */
function updateLists(
  queryClient: QueryClient,
  companyId: number,
  viewer: { id: number; seesQueueless: boolean },
  change: (data: PagedTickets, scope: TicketListScope) => PagedTickets,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketsKeys.lists(companyId) })) {
    const params = query.queryKey[3] as TicketListParams | undefined;
    if (!params) continue;
    const scope: TicketListScope = {
      status: params.status,
      queueIds: params.queueIds ?? [],
      showAll: params.showAll,
      viewerId: viewer.id,
      seesQueueless: viewer.seesQueueless,
    };
    queryClient.setQueryData<PagedTickets>(query.queryKey, (data) => (data ? change(data, scope) : data));
  }
}

/**
 * Keeps every cached ticket list current from `company-{id}-ticket` and `-appMessage` events
 * (spec "Ticket" realtime rules; the merging itself is in model/ticket-list.ts).
 */
export function useTicketListsRealtime(
  companyId: number,
  viewer: { id: number; seesQueueless: boolean },
  openTicketUuid: string | null,
) {
  const queryClient = useQueryClient();
  useSocketEvent(companyEvent(companyId, 'ticket'), (payload) => {
    const event = payload as unknown as TicketEvent;
    if (event.action === 'update') {
      updateLists(queryClient, companyId, viewer, (data, scope) =>
        applyTicketUpdate(data, event.ticket, scope, openTicketUuid),
      );
      queryClient.setQueryData<TicketRecord>(ticketsKeys.byUuid(event.ticket.uuid), (cached) =>
        cached ? { ...cached, ...event.ticket } : cached,
      );
    } else if (event.action === 'updateUnread') {
      updateLists(queryClient, companyId, viewer, (data) => applyUnreadReset(data, event.ticketId));
    } else if (event.action === 'delete') {
      updateLists(queryClient, companyId, viewer, (data) => applyTicketDelete(data, event.ticketId));
    }
  });
  useSocketEvent(companyEvent(companyId, 'appMessage'), (payload) => {
    const event = payload as unknown as AppMessageEvent;
    if (event.action !== 'create' || !event.ticket) return;
    updateLists(queryClient, companyId, viewer, (data, scope) =>
      applyNewMessage(data, event.ticket, scope, openTicketUuid),
    );
  });
}
