import { companyEvent, type QueueRecord, rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/** The only place that emits queue events; they reach the sockets of the queue's own company only. */
export function createQueuesRealtime(realtime: Realtime) {
  return {
    queueSaved(companyId: number, queue: QueueRecord) {
      realtime.io.to(rooms.company(companyId)).emit(companyEvent(companyId, 'queue'), { action: 'update', queue });
    },
    queueDeleted(companyId: number, queueId: number) {
      realtime.io.to(rooms.company(companyId)).emit(companyEvent(companyId, 'queue'), { action: 'delete', queueId });
    },
  };
}

export type QueuesRealtime = ReturnType<typeof createQueuesRealtime>;
