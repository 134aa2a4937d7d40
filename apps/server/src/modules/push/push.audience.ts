import { hasPermission, type Profile } from '@wacrm/shared';

/** A ticket as the notification rules see it. */
export interface TicketState {
  status: string;
  queueId: number | null;
  userId: number | null;
}

/** A user with a device, as the rules see them. */
export interface PushViewer {
  userId: number;
  profile: string;
  allTicket: boolean;
  queueIds: number[];
}

/** Admins and supervisors see every queue; anyone else theirs, and tickets without one with allTicket. */
function isInViewerQueues(ticket: TicketState, viewer: PushViewer) {
  if (hasPermission({ profile: viewer.profile as Profile }, 'tickets:viewAll')) return true;
  return ticket.queueId === null ? viewer.allTicket : viewer.queueIds.includes(ticket.queueId);
}

/**
 * The in-app bell's rule for a customer message (the web's `shouldAlert`): the viewer's own ticket,
 * or a pending one waiting in their queues. Each of these is a ticket the viewer may open
 * (the tickets policy's `canOpenTicket`), so nobody is told of what they could not read.
 */
export function isAlertedOfMessage(ticket: TicketState, viewer: PushViewer) {
  if (ticket.status === 'closed') return false;
  if (ticket.userId === viewer.userId) return true;
  return ticket.status === 'pending' && isInViewerQueues(ticket, viewer);
}

/**
 * Who is told of a ticket's move: the user it now belongs to (unless they took it themselves),
 * and, for a pending ticket that came into a queue, the users of that queue who did not hear of
 * it before the move.
 */
export function isAlertedOfMove(
  current: TicketState,
  previous: TicketState,
  actorUserId: number | null,
  viewer: PushViewer,
): 'assigned' | 'pending' | null {
  if (current.status === 'closed' || viewer.userId === actorUserId) return null;
  if (current.userId === viewer.userId) return previous.userId === viewer.userId ? null : 'assigned';
  if (current.userId === null && current.status === 'pending') {
    const wasWaiting = previous.status === 'pending' && previous.userId === null;
    if (isInViewerQueues(current, viewer) && !(wasWaiting && isInViewerQueues(previous, viewer))) return 'pending';
  }
  return null;
}
