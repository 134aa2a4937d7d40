import { companyEvent, rooms, type TicketEvent, type TicketListStatus, type TicketRecord } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/** What decides who hears about a ticket. */
export interface TicketAudienceState {
  id: number;
  status: string;
  queueId: number | null;
  userId: number | null;
}

/**
 * The rooms that hear about a ticket in a given state: its own room (the open thread), the
 * list rooms of its status and the bell — the company-wide ones (admins) and the ones cut by
 * queue and by assignee (everyone else; see `ticketListRooms`). Pass the state before a change
 * too, so the lists it leaves hear about it.
 */
export function ticketAudience(
  companyId: number,
  states: TicketAudienceState[],
  options: { lists?: boolean; notification?: boolean } = {},
) {
  const { lists = true, notification = true } = options;
  const names = new Set<string>();
  for (const state of states) {
    names.add(rooms.ticket(companyId, state.id));
    const status = state.status as TicketListStatus;
    if (lists) {
      names.add(rooms.tickets(companyId, status));
      names.add(rooms.queueTickets(companyId, state.queueId, status));
      if (state.userId) names.add(rooms.userTickets(companyId, state.userId, status));
    }
    if (notification) {
      names.add(rooms.notification(companyId));
      names.add(rooms.queueNotification(companyId, state.queueId));
      if (state.userId) names.add(rooms.userNotification(companyId, state.userId));
    }
  }
  return [...names];
}

/** What decides which list and bell rooms a user's sockets join. */
type TicketRoomViewer = { userId: number; isAdmin: boolean; allTicket: boolean; queueIds: number[] };

/** The list rooms `joinTickets(status)` puts a socket in, by who the user is. */
export function ticketListRooms(companyId: number, viewer: TicketRoomViewer, status: TicketListStatus) {
  if (viewer.isAdmin) return [rooms.tickets(companyId, status)];
  return [
    // Tickets without a queue: only for users with "see tickets without a queue" (allTicket).
    ...(viewer.allTicket ? [rooms.queueTickets(companyId, null, status)] : []),
    rooms.userTickets(companyId, viewer.userId, status),
    ...viewer.queueIds.map((queueId) => rooms.queueTickets(companyId, queueId, status)),
  ];
}

/** The bell rooms `joinNotification` puts a socket in. */
export function notificationRooms(companyId: number, viewer: TicketRoomViewer) {
  if (viewer.isAdmin) return [rooms.notification(companyId)];
  return [
    ...(viewer.allTicket ? [rooms.queueNotification(companyId, null)] : []),
    rooms.userNotification(companyId, viewer.userId),
    ...viewer.queueIds.map((queueId) => rooms.queueNotification(companyId, queueId)),
  ];
}

/**
 * `company-{id}-ticket`, emitted from here only (the messages feature calls `ticketUpdated` after
 * a message moves a ticket). One `to([...])` per event, so a socket in several rooms hears it once.
 */
export function createTicketsRealtime(realtime: Realtime) {
  const emit = (companyId: number, to: string[], payload: TicketEvent) =>
    realtime.io.to(to).emit(companyEvent(companyId, 'ticket'), payload);

  return {
    /**
     * `previous`: the state before the change, so lists the ticket left hear it too; `actorUserId`:
     * the attendant who made it (push notifications tell the others, docs/decisions/installable-app-and-push.md).
     */
    ticketUpdated(
      companyId: number,
      ticket: TicketRecord,
      previous?: TicketAudienceState | null,
      actorUserId?: number,
    ) {
      emit(companyId, ticketAudience(companyId, previous ? [previous, ticket] : [ticket]), {
        action: 'update',
        ticket,
      });
      const before = previous ? { status: previous.status, queueId: previous.queueId, userId: previous.userId } : null;
      realtime.domain.publish({ type: 'ticket.changed', companyId, ticket, previous: before, actorUserId });
    },

    ticketDeleted(companyId: number, ticket: TicketAudienceState) {
      emit(companyId, ticketAudience(companyId, [ticket]), { action: 'delete', ticketId: ticket.id });
    },

    unreadReset(companyId: number, ticket: TicketAudienceState) {
      emit(companyId, ticketAudience(companyId, [ticket]), { action: 'updateUnread', ticketId: ticket.id });
    },
  };
}

export type TicketsRealtime = ReturnType<typeof createTicketsRealtime>;
