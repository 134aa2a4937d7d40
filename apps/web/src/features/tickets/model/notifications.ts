import type { MessageRecord, TicketRecord } from '@wacrm/shared/messages/message.schema';

/** Who is looking: enough of the session user to decide what concerns them. */
export interface NotificationViewer {
  id: number;
  profile: 'admin' | 'user';
  allTicket: 'enabled' | 'desabled';
  queueIds: number[];
}

const isInViewerQueues = (ticket: TicketRecord, viewer: NotificationViewer) =>
  viewer.profile === 'admin' || ticket.queueId === null || viewer.queueIds.includes(ticket.queueId);

/**
 * spec: the bell lists the viewer's tickets with unread messages, and pending ones for users
 * with allTicket enabled (of their queues, unless admin).
 */
export function isBellTicket(ticket: TicketRecord, viewer: NotificationViewer): boolean {
  if (ticket.status === 'closed' || ticket.unreadMessages <= 0) return false;
  if (ticket.userId === viewer.id) return true;
  return ticket.status === 'pending' && viewer.allTicket === 'enabled' && isInViewerQueues(ticket, viewer);
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

/** A new message concerns the viewer (sound, browser notice) unless it is theirs or they are reading it. */
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
