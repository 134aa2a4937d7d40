import { type ConnectionRecord, companyEvent, rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/**
 * Connection events go to every socket of the company (the menu badge of every user reads the
 * statuses). Records sent here never carry the token: that is for admins asking by id.
 */
export function createConnectionsRealtime(realtime: Realtime) {
  const toCompany = (companyId: number) => realtime.io.to(rooms.company(companyId));
  return {
    connectionUpdated(companyId: number, whatsapp: ConnectionRecord) {
      toCompany(companyId).emit(companyEvent(companyId, 'whatsapp'), { action: 'update', whatsapp });
    },
    connectionDeleted(companyId: number, whatsappId: number) {
      toCompany(companyId).emit(companyEvent(companyId, 'whatsapp'), { action: 'delete', whatsappId });
    },
    sessionUpdated(companyId: number, session: ConnectionRecord) {
      toCompany(companyId).emit(companyEvent(companyId, 'whatsappSession'), { action: 'update', session });
    },
  };
}

export type ConnectionsRealtime = ReturnType<typeof createConnectionsRealtime>;
