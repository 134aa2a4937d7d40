import { companyEvent, rooms, type ScheduleEvent, type ScheduleRecord } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/**
 * The only place that emits `company-{id}-schedule`. A schedule is told to the users who may see
 * it (its author and those who see every schedule), never to the whole company: its text and
 * contact are not everyone's.
 */
export function createSchedulesRealtime(realtime: Realtime) {
  function emit(companyId: number, userIds: number[], payload: ScheduleEvent) {
    const audience = [...new Set(userIds)].map((userId) => rooms.user(companyId, userId));
    if (audience.length > 0) realtime.io.to(audience).emit(companyEvent(companyId, 'schedule'), payload);
  }

  return {
    saved: (companyId: number, userIds: number[], action: 'create' | 'update', schedule: ScheduleRecord) =>
      emit(companyId, userIds, { action, schedule }),
    deleted: (companyId: number, userIds: number[], scheduleId: number) =>
      emit(companyId, userIds, { action: 'delete', scheduleId }),
  };
}

export type SchedulesRealtime = ReturnType<typeof createSchedulesRealtime>;
