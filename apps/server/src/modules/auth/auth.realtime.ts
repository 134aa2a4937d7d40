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
  };
}
