import type { SessionUser } from '@wacrm/shared/auth/auth.schema';
import { hasPermission, type Profile } from '@wacrm/shared/auth/permissions';
import type { MessageRecord, TicketRecord } from '@wacrm/shared/messages/message.schema';

/** Who is looking: enough of the session user to decide what concerns them. */
export interface NotificationViewer {
  id: number;
  profile: Profile;
  allTicket: 'enabled' | 'desabled';
  queueIds: number[];
}

export const viewerOf = (user: SessionUser): NotificationViewer => ({
  id: user.id,
  profile: user.profile,
  allTicket: user.allTicket,
  queueIds: user.queues.map((queue) => queue.id),
});

/** Tickets without a queue concern admins and users with "see tickets without a queue" (allTicket). */
const isInViewerQueues = (ticket: TicketRecord, viewer: NotificationViewer) =>
  hasPermission(viewer, 'tickets:viewAll') ||
  (ticket.queueId === null ? viewer.allTicket === 'enabled' : viewer.queueIds.includes(ticket.queueId));

/**
 * spec: the bell lists the tickets with unread messages the viewer answers for (their own, and the
 * pending ones of their queues waiting for anyone), and every pending ticket of their queues for
 * users with allTicket enabled, read or not ("Users with allTicket enabled see pending tickets in
 * the notification bell"). Admins' queues are all queues.
 */
export function isBellTicket(ticket: TicketRecord, viewer: NotificationViewer): boolean {
  if (ticket.status === 'closed') return false;
  const hasUnread = ticket.unreadMessages > 0;
  if (ticket.userId === viewer.id) return hasUnread;
  if (ticket.status !== 'pending' || !isInViewerQueues(ticket, viewer)) return false;
  return hasUnread || viewer.allTicket === 'enabled';
}

/** The bell's first load: one page of unread tickets, plus one of pending tickets for allTicket users. */
export const bellListQueries = (viewer: NotificationViewer) =>
  viewer.allTicket === 'enabled'
    ? [{ withUnreadMessages: true }, { status: 'pending' as const }]
    : [{ withUnreadMessages: true }];

/** Those pages as one bell list: each ticket once, newest activity first, only what concerns the viewer. */
export function mergeBellPages(pages: TicketRecord[][], viewer: NotificationViewer): TicketRecord[] {
  const byId = new Map<number, TicketRecord>();
  for (const ticket of pages.flat()) if (isBellTicket(ticket, viewer)) byId.set(ticket.id, ticket);
  return [...byId.values()].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.id - a.id);
}

/** The bell's list after a ticket changed: kept (first when it is new), refreshed, or dropped. */
export function upsertBellTicket(
  list: TicketRecord[],
  ticket: TicketRecord,
  viewer: NotificationViewer,
): TicketRecord[] {
  const rest = list.filter((item) => item.id !== ticket.id);
  if (!isBellTicket(ticket, viewer)) return rest.length === list.length ? list : rest;
  const index = list.findIndex((item) => item.id === ticket.id);
  if (index === -1) return [ticket, ...list];
  const next = [...list];
  next[index] = ticket;
  return next;
}

export function removeBellTicket(list: TicketRecord[], ticketId: number): TicketRecord[] {
  return list.some((item) => item.id === ticketId) ? list.filter((item) => item.id !== ticketId) : list;
}

/**
 * A customer message concerns the viewer (sound, browser notice) when its ticket is theirs or waits
 * in one of their queues, with or without allTicket, unless they are reading it.
 */
export function shouldAlert(
  message: MessageRecord,
  ticket: TicketRecord,
  viewer: NotificationViewer,
  reading: { openTicketUuid: string | null; isPageVisible: boolean },
): boolean {
  if (message.fromMe) return false;
  if (ticket.uuid === reading.openTicketUuid && reading.isPageVisible) return false;
  return isBellTicket({ ...ticket, unreadMessages: Math.max(1, ticket.unreadMessages) }, viewer);
}

/** spec: the tab title shows the unread count, "(3) WaCRM". */
export function titleWithCount(baseTitle: string, count: number): string {
  const plain = baseTitle.replace(/^\(\d+\)\s*/, '');
  return count > 0 ? `(${count}) ${plain}` : plain;
}
