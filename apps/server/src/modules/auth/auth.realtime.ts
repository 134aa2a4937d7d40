import { companyEvent, rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/** Old pages get this long to show the notice before their sockets are closed. */
const DISCONNECT_DELAY_MS = 1_500;

export function createAuthRealtime(realtime: Realtime) {
  return {
    /**
     * spec: the older sessions of a user who logged in again show "opened elsewhere".
     * Their sockets are then closed, so they stop receiving the company's events.
     */
    loggedInElsewhere(companyId: number, userId: number, tokenVersion: number) {
      const room = rooms.user(companyId, userId);
      realtime.io.to(room).emit(companyEvent(companyId, 'auth'), { action: 'update', user: { id: userId } });
      setTimeout(async () => {
        const sockets = await realtime.io.in(room).fetchSockets();
        for (const socket of sockets) if (socket.data.tokenVersion < tokenVersion) socket.disconnect(true);
      }, DISCONNECT_DELAY_MS).unref();
    },

    /**
     * Sessions ended from the session list (or by an admin): only their pages hear the notice
     * and lose their sockets, in whichever process holds them (the adapter fetches remote sockets).
     */
    async sessionsEnded(companyId: number, userId: number, sessionIds: string[]) {
      if (sessionIds.length === 0) return;
      const ended = new Set(sessionIds);
      const sockets = (await realtime.io.in(rooms.user(companyId, userId)).fetchSockets()).filter(
        (socket) => socket.data.sid && ended.has(socket.data.sid),
      );
      for (const socket of sockets) {
        socket.emit(companyEvent(companyId, 'auth'), { action: 'update', user: { id: userId } });
      }
      setTimeout(() => {
        for (const socket of sockets) socket.disconnect(true);
      }, DISCONNECT_DELAY_MS).unref();
    },
  };
}
