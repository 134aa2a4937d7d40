import { type CompanyBlockReason, companyEvent, rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/** Open pages get this long to show why before their sockets are closed (as for "opened elsewhere"). */
const DISCONNECT_DELAY_MS = 1_500;

export function createCompaniesRealtime(realtime: Realtime) {
  return {
    /**
     * A deleted company's open pages lose their sockets at once. Their access tokens already
     * fail (the users are gone), so the next request logs them out.
     */
    endCompanySessions(companyId: number) {
      realtime.io.in(rooms.company(companyId)).disconnectSockets(true);
    },

    /**
     * The company was switched off or put past its due date: every socket of its users, except
     * super users' (who keep access, as at login), gets the reason and is then closed.
     */
    async companyBlocked(companyId: number, reason: CompanyBlockReason, dueDate: string | null) {
      const sockets = await realtime.io.in(rooms.company(companyId)).fetchSockets();
      const blocked = sockets.filter((socket) => !socket.data.isSuper);
      for (const socket of blocked) {
        socket.emit(companyEvent(companyId, 'auth'), { action: 'companyBlocked', reason, dueDate });
      }
      setTimeout(() => {
        for (const socket of blocked) socket.disconnect(true);
      }, DISCONNECT_DELAY_MS).unref();
    },
  };
}
