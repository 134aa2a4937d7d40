import { rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

export function createCompaniesRealtime(realtime: Realtime) {
  return {
    /**
     * A deleted company's open pages lose their sockets at once. Their access tokens already
     * fail (the users are gone), so the next request logs them out.
     */
    endCompanySessions(companyId: number) {
      realtime.io.in(rooms.company(companyId)).disconnectSockets(true);
    },
  };
}
