import type { KanbanBoard, KanbanLanePage } from '@wacrm/shared/kanban/kanban.schema';
import { OPEN_LANE_ID } from '@wacrm/shared/kanban/kanban.schema';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';

/** A lane in the cache: the server's page plus how many pages were loaded. */
export interface LaneState extends KanbanLanePage {
  pages: number;
}

export interface BoardState {
  lanes: LaneState[];
}

/** Who looks and through which filters: decides whether a live ticket belongs on this board. */
export interface BoardScope {
  laneIds: number[];
  /** null: every queue; else the ticket's queue must be one of these. */
  queueIds: number[] | null;
  searchParam: string;
}

export const fromServer = (board: KanbanBoard): BoardState => ({
  lanes: board.lanes.map((lane) => ({ ...lane, pages: 1 })),
});

/** Newest first, as the server pages them. */
const byNewest = (a: TicketRecord, b: TicketRecord) =>
  b.updatedAt === a.updatedAt ? b.id - a.id : b.updatedAt.localeCompare(a.updatedAt);

/** The lanes a ticket sits in: each of its lane tags, or "Em aberto" when it has none. */
export function lanesOfTicket(ticket: Pick<TicketRecord, 'tags'>, laneIds: number[]): number[] {
  const lanes = ticket.tags.map((tag) => tag.id).filter((id) => id !== OPEN_LANE_ID && laneIds.includes(id));
  return lanes.length ? lanes : [OPEN_LANE_ID];
}

function matchesScope(ticket: TicketRecord, scope: BoardScope): boolean {
  if (ticket.status === 'closed') return false;
  if (scope.queueIds && (ticket.queueId === null || !scope.queueIds.includes(ticket.queueId))) return false;
  const search = scope.searchParam.trim().toLowerCase();
  if (!search) return true;
  const digits = search.replace(/\D/g, '');
  return (
    ticket.contact.name.toLowerCase().includes(search) || (digits !== '' && ticket.contact.number.includes(digits))
  );
}

/**
 * A ticket changed (a move here or elsewhere, a new message, a close): it leaves the lanes it no
 * longer belongs to and lands, newest first, in the ones it does; counts follow.
 */
export function applyTicket(state: BoardState, ticket: TicketRecord, scope: BoardScope): BoardState {
  const targets = matchesScope(ticket, scope) ? lanesOfTicket(ticket, scope.laneIds) : [];
  return {
    lanes: state.lanes.map((lane) => {
      const had = lane.tickets.some((card) => card.id === ticket.id);
      const wants = targets.includes(lane.tagId);
      if (!had && !wants) return lane;
      const others = lane.tickets.filter((card) => card.id !== ticket.id);
      if (!wants) return { ...lane, tickets: others, count: Math.max(0, lane.count - 1) };
      // Beyond the pages loaded so far: it shows up when the lane scrolls there.
      const last = others.at(-1);
      if (!had && lane.hasMore && last && byNewest(last, ticket) < 0) return lane;
      return { ...lane, tickets: [...others, ticket].sort(byNewest), count: had ? lane.count : lane.count + 1 };
    }),
  };
}

/** A ticket deleted: it leaves every lane. */
export function removeTicket(state: BoardState, ticketId: number): BoardState {
  return {
    lanes: state.lanes.map((lane) =>
      lane.tickets.some((card) => card.id === ticketId)
        ? { ...lane, tickets: lane.tickets.filter((card) => card.id !== ticketId), count: Math.max(0, lane.count - 1) }
        : lane,
    ),
  };
}

/** The card as it will look after a move, for the optimistic update. */
export function movedTicket(
  ticket: TicketRecord,
  fromTagId: number,
  to: { id: number; name: string; color: string } | null,
): TicketRecord {
  const kept = ticket.tags.filter((tag) => tag.id !== fromTagId);
  return { ...ticket, tags: to && to.id !== OPEN_LANE_ID ? [...kept, to] : kept };
}

/** The next page of one lane appended (cards already shown, moved up by live updates, stay once). */
export function appendLanePage(state: BoardState, page: KanbanLanePage): BoardState {
  return {
    lanes: state.lanes.map((lane) => {
      if (lane.tagId !== page.tagId) return lane;
      const known = new Set(lane.tickets.map((card) => card.id));
      return {
        ...lane,
        count: page.count,
        hasMore: page.hasMore,
        pages: lane.pages + 1,
        tickets: [...lane.tickets, ...page.tickets.filter((card) => !known.has(card.id))],
      };
    }),
  };
}

/** The lane ids after dragging one from `from` to `to` ("Em aberto" stays first and is not counted). */
export function reorder<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
