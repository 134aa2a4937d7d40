import { companyEvent, rooms, type SlaBreachEvent } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/** The only place that emits `company-{id}-sla`: to the user rooms of the people told, of the company's own. */
export function createSlaRealtime(realtime: Realtime) {
  return {
    breached(companyId: number, userIds: number[], event: SlaBreachEvent) {
      if (userIds.length === 0) return;
      realtime.io
        .to(userIds.map((userId) => rooms.user(companyId, userId)))
        .emit(companyEvent(companyId, 'sla'), event);
    },
  };
}

export type SlaRealtime = ReturnType<typeof createSlaRealtime>;
