import type { InfiniteData } from '@tanstack/react-query';
import type { TicketRecord, TicketsPage } from '@wacrm/shared/tickets/ticket.schema';

export type TicketStatus = TicketRecord['status'];

/** The cached pages of one list (TanStack Query's infinite data). */
export type PagedTickets = InfiniteData<TicketsPage>;

/**
 * What a list shows, as its query key holds it. A list without a status is the search tab:
 * its matches are decided by the server (text, tags), so live events only refresh rows it has.
 */
export interface TicketListScope {
  status?: TicketStatus;
  /** The queue multi-select; tickets without a queue pass it (the server lists them too)... */
  queueIds: number[];
  /** ...when the viewer may see them: admins and users with "see tickets without a queue" (allTicket). */
  seesQueueless: boolean;
  showAll: boolean;
  /** The viewer: without show-all, open and closed lists hold only the viewer's tickets. */
  viewerId: number;
}

/** Whether a ticket in this state belongs to the list (spec: "by status and selected queues"). */
export function belongsToList(ticket: TicketRecord, scope: TicketListScope): boolean {
  if (scope.status !== undefined && ticket.status !== scope.status) return false;
  if (ticket.queueId === null ? !scope.seesQueueless : !scope.queueIds.includes(ticket.queueId)) return false;
  return scope.showAll || ticket.userId === null || ticket.userId === scope.viewerId;
}

const isSearch = (scope: TicketListScope) => scope.status === undefined;

function hasTicket(data: PagedTickets, ticketId: number): boolean {
  return data.pages.some((page) => page.tickets.some((ticket) => ticket.id === ticketId));
}

function mapTickets(data: PagedTickets, map: (ticket: TicketRecord) => TicketRecord): PagedTickets {
  return { ...data, pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.map(map) })) };
}

function withoutTicket(data: PagedTickets, ticketId: number): PagedTickets {
  if (!hasTicket(data, ticketId)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      tickets: page.tickets.filter((ticket) => ticket.id !== ticketId),
      count: Math.max(0, page.count - 1),
    })),
  };
}

/** Puts the ticket first (removing its older copy); the count grows only when it was not listed. */
function atTop(data: PagedTickets, ticket: TicketRecord): PagedTickets {
  const isNew = !hasTicket(data, ticket.id);
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const strip = (page: TicketsPage): TicketsPage => ({
    ...page,
    tickets: page.tickets.filter((item) => item.id !== ticket.id),
    count: page.count + (isNew ? 1 : 0),
  });
  const head = strip(first);
  return { ...data, pages: [{ ...head, tickets: [ticket, ...head.tickets] }, ...rest.map(strip)] };
}

/**
 * spec: a ticket update replaces or inserts the ticket in the list matching its status and
 * removes it from any list it no longer belongs to (another status, a queue not selected).
 * A replaced row keeps its place; a new one goes first.
 */
export function applyTicketUpdate(
  data: PagedTickets,
  ticket: TicketRecord,
  scope: TicketListScope,
  openTicketUuid: string | null = null,
): PagedTickets {
  const isListed = hasTicket(data, ticket.id);
  if (!belongsToList(ticket, scope)) return withoutTicket(data, ticket.id);
  // The ticket on screen is being read: an update racing its read receipt must not show it unread.
  const shown = ticket.uuid === openTicketUuid ? { ...ticket, unreadMessages: 0 } : ticket;
  if (isListed) return mapTickets(data, (item) => (item.id === ticket.id ? shown : item));
  return isSearch(scope) ? data : atTop(data, shown);
}

/** spec: `updateUnread` resets the ticket's unread count. */
export function applyUnreadReset(data: PagedTickets, ticketId: number): PagedTickets {
  if (!hasTicket(data, ticketId)) return data;
  return mapTickets(data, (item) =>
    item.id === ticketId && item.unreadMessages ? { ...item, unreadMessages: 0 } : item,
  );
}

/** spec: a deleted ticket leaves every list. */
export function applyTicketDelete(data: PagedTickets, ticketId: number): PagedTickets {
  return withoutTicket(data, ticketId);
}

/**
 * spec: a new message bumps its ticket to the top of the list of its status, as unread,
 * except the ticket the user has open (its messages are being read).
 */
export function applyNewMessage(
  data: PagedTickets,
  ticket: TicketRecord,
  scope: TicketListScope,
  openTicketUuid: string | null,
): PagedTickets {
  const shown = ticket.uuid === openTicketUuid ? { ...ticket, unreadMessages: 0 } : ticket;
  if (!belongsToList(shown, scope)) return data;
  if (isSearch(scope)) {
    return hasTicket(data, ticket.id) ? mapTickets(data, (item) => (item.id === ticket.id ? shown : item)) : data;
  }
  return atTop(data, shown);
}

/** The rows of every loaded page, without the duplicates a page shift can cause. */
export function flattenTickets(data: PagedTickets | undefined): TicketRecord[] {
  if (!data) return [];
  const seen = new Set<number>();
  const rows: TicketRecord[] = [];
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      rows.push(ticket);
    }
  }
  return rows;
}
