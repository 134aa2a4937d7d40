import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { AppMessageEvent, TicketEvent, TicketRecord } from '@wacrm/shared/messages/message.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useMemo } from 'react';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { useSessionUser } from '../../auth/index.ts';
import { useTicketRooms } from '../../tickets/index.ts';
import { type BoardFilters, kanbanApi, kanbanKeys } from '../api/kanban-api.ts';
import {
  appendLanePage,
  applyTicket,
  type BoardScope,
  type BoardState,
  fromServer,
  removeTicket,
} from '../model/board.ts';

const LIVE_STATUSES = ['open', 'pending'] as const;

/** The lanes (kanban tags in board order), refreshed whenever a tag changes. */
export function useKanbanLanes(companyId: number) {
  const queryClient = useQueryClient();
  useSocketEvent(companyEvent(companyId, 'tag'), () => {
    queryClient.invalidateQueries({ queryKey: kanbanKeys.all(companyId) });
  });
  return useQuery({ queryKey: kanbanKeys.lanes(companyId), queryFn: kanbanApi.lanes });
}

/**
 * The board for some filters: the first page of every lane, more pages per lane on demand, and
 * every ticket event of the lists the user may see applied in place (moves made elsewhere, new
 * messages, closes), so a second user's board follows without reloading.
 */
export function useKanbanBoard(filters: BoardFilters, laneIds: number[] | undefined) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const key = kanbanKeys.board(user.companyId, filters);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => fromServer(await kanbanApi.board(filters, signal)),
    enabled: laneIds !== undefined,
  });

  // spec §6: those who see every ticket see every queue; others only their own.
  const scope = useMemo<BoardScope>(() => {
    const own = hasPermission(user, 'tickets:viewAll') ? null : user.queues.map((queue) => queue.id);
    const chosen = filters.queueIds.length ? filters.queueIds : null;
    const queueIds = own && chosen ? own.filter((id) => chosen.includes(id)) : (chosen ?? own);
    return { laneIds: laneIds ?? [], queueIds, searchParam: filters.searchParam };
  }, [user, filters, laneIds]);

  const update = (change: (state: BoardState) => BoardState) =>
    queryClient.setQueryData<BoardState>(key, (state) => (state ? change(state) : state));

  useTicketRooms(LIVE_STATUSES);
  useSocketEvent(companyEvent(user.companyId, 'ticket'), (payload) => {
    const event = payload as unknown as TicketEvent;
    if (event.action === 'update') update((state) => applyTicket(state, event.ticket, scope));
    if (event.action === 'delete') update((state) => removeTicket(state, event.ticketId));
  });
  useSocketEvent(companyEvent(user.companyId, 'appMessage'), (payload) => {
    const event = payload as unknown as AppMessageEvent;
    if (event.action === 'create' && event.ticket) update((state) => applyTicket(state, event.ticket, scope));
  });

  const loadMore = async (lane: number) => {
    const state = queryClient.getQueryData<BoardState>(key);
    const current = state?.lanes.find((item) => item.tagId === lane);
    if (!current?.hasMore) return;
    const page = await kanbanApi.lanePage(filters, lane, current.pages + 1);
    if (page.lanes[0]) update((next) => appendLanePage(next, page.lanes[0]));
  };

  return {
    query,
    loadMore,
    /** Puts a card where the user dropped it before the server answers. */
    place: (ticket: TicketRecord) => update((state) => applyTicket(state, ticket, scope)),
    refresh: () => queryClient.invalidateQueries({ queryKey: kanbanKeys.all(user.companyId) }),
  };
}
