import { rooms, type TicketListStatus, ticketListStatuses } from '@wacrm/shared';
import { z } from 'zod';
import type { Realtime } from './realtime.ts';

/** Decides whether a socket's session may follow one ticket; the tickets feature provides it. */
export type TicketRoomGuard = (session: { companyId: number; userId: number }, ticketId: number) => Promise<boolean>;

/**
 * The rooms behind `joinTickets(status)` and `joinNotification` for one user (the tickets
 * feature cuts them by queue for non-admins); until one is installed, the company-wide rooms.
 */
export type ListRoomsResolver = (
  session: { companyId: number; userId: number },
  list: TicketListStatus | 'notification',
) => Promise<string[]>;

const ticketIdSchema = z.coerce.number().int().positive();
const ticketStatusSchema = z.enum(ticketListStatuses);

/**
 * The spec's join and leave events. Rooms are built from the socket's own company, so a
 * client can only ever name rooms of its company; a ticket room also asks the guard.
 * Until a guard is installed no ticket room can be joined.
 */
/** Answers a client's acknowledgement callback, when it sent one. */
function acknowledge(ack: unknown, joined: boolean) {
  if (typeof ack === 'function') ack(joined);
}

export function registerClientRooms(realtime: Realtime) {
  let ticketGuard: TicketRoomGuard = async () => false;
  let listRooms: ListRoomsResolver = async ({ companyId }, list) =>
    list === 'notification' ? [rooms.notification(companyId)] : [rooms.tickets(companyId, list)];
  // Per local socket: re-decides the list rooms it joined (a user's queues or profile changed).
  const rejoiners = new Map<string, () => Promise<void>>();

  realtime.onConnection((socket) => {
    const { companyId, userId } = socket.data;
    // What each join put the socket in, so leave undoes exactly that (membership is decided at join).
    const joined = new Map<string, string[]>();
    const join = async (list: TicketListStatus | 'notification') => {
      const names = await listRooms({ companyId, userId }, list);
      for (const name of joined.get(list) ?? []) if (!names.includes(name)) socket.leave(name);
      joined.set(list, names);
      socket.join(names);
    };
    const leave = (list: TicketListStatus | 'notification') => {
      for (const name of joined.get(list) ?? []) socket.leave(name);
      joined.delete(list);
    };

    rejoiners.set(socket.id, async () => {
      for (const list of [...joined.keys()]) await join(list as TicketListStatus | 'notification');
    });
    socket.on('disconnect', () => rejoiners.delete(socket.id));

    // Every join answers an optional acknowledgement once the socket is in its rooms, so a client
    // (and a test) can know it will hear what follows instead of waiting a guessed while.
    socket.on('joinNotification', (ack?: unknown) => {
      join('notification').then(
        () => acknowledge(ack, true),
        () => acknowledge(ack, false),
      );
    });
    socket.on('leaveNotification', () => leave('notification'));

    socket.on('joinTickets', (status, ack?: unknown) => {
      const parsed = ticketStatusSchema.safeParse(status);
      if (!parsed.success) return acknowledge(ack, false);
      join(parsed.data).then(
        () => acknowledge(ack, true),
        () => acknowledge(ack, false),
      );
    });
    socket.on('leaveTickets', (status) => {
      const parsed = ticketStatusSchema.safeParse(status);
      if (parsed.success) leave(parsed.data);
    });

    socket.on('joinChatBox', async (rawTicketId, ack?: unknown) => {
      const ticketId = ticketIdSchema.safeParse(rawTicketId);
      if (!ticketId.success) return acknowledge(ack, false);
      const allowed = await ticketGuard({ companyId, userId }, ticketId.data).catch(() => false);
      if (allowed) socket.join(rooms.ticket(companyId, ticketId.data));
      acknowledge(ack, allowed);
    });
    socket.on('leaveChatBox', (rawTicketId) => {
      const ticketId = ticketIdSchema.safeParse(rawTicketId);
      if (ticketId.success) socket.leave(rooms.ticket(companyId, ticketId.data));
    });
  });

  return {
    setTicketGuard(guard: TicketRoomGuard) {
      ticketGuard = guard;
    },
    setListRooms(resolver: ListRoomsResolver) {
      listRooms = resolver;
    },
    /**
     * Re-decides the list and bell rooms of a user's sockets on this node (after their queues or
     * allTicket changed). Other nodes' sockets follow at their next join.
     */
    async refreshUser(companyId: number, userId: number) {
      const ids = realtime.io.of('/').adapter.rooms.get(rooms.user(companyId, userId)) ?? new Set<string>();
      for (const id of ids)
        await rejoiners
          .get(id)?.()
          .catch(() => undefined);
    },
  };
}
