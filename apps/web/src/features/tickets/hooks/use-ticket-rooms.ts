import type { TicketListStatus } from '@wacrm/shared/realtime/rooms';
import { useEffect } from 'react';
import { joinRoom } from '../../../lib/room-joins.ts';
import { useSocket } from '../../../lib/socket-context.ts';

/**
 * Joins the list rooms of the statuses on screen (`joinTickets`), and again after every
 * reconnect, since a new connection starts in no room; leaves them when they go away.
 */
export function useTicketRooms(statuses: readonly TicketListStatus[]): void {
  const socket = useSocket();
  const key = [...statuses].sort().join(',');
  useEffect(() => {
    if (!socket || !key) return;
    const list = key.split(',');
    const join = () => {
      for (const status of list) joinRoom(socket, 'joinTickets', status);
    };
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      for (const status of list) socket.emit('leaveTickets', status);
    };
  }, [socket, key]);
}

/** Joins the notification room (the bell): new messages of every ticket the user may see. */
export function useNotificationRoom(): void {
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const join = () => joinRoom(socket, 'joinNotification');
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit('leaveNotification');
    };
  }, [socket]);
}
