import { companyEvent, type QuickMessageRecord, rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/**
 * The only place that emits `company-{id}-quickmessage`. A company-wide (`geral`) quick message is
 * announced to the whole company; a personal one to its author's sockets only, so nobody else
 * learns its text. When one stops being company-wide, the others hear that it went away.
 */
export function createQuickMessagesRealtime(realtime: Realtime) {
  const eventName = (companyId: number) => companyEvent(companyId, 'quickmessage');
  const audience = (companyId: number, record: { geral: boolean; userId: number | null }) =>
    record.geral || record.userId === null ? rooms.company(companyId) : rooms.user(companyId, record.userId);

  return {
    saved(
      companyId: number,
      action: 'create' | 'update',
      record: QuickMessageRecord,
      previous?: { geral: boolean; userId: number | null },
    ) {
      if (previous?.geral && !record.geral && record.userId !== null) {
        realtime.io
          .to(rooms.company(companyId))
          .except(rooms.user(companyId, record.userId))
          .emit(eventName(companyId), { action: 'delete', id: record.id });
      }
      realtime.io.to(audience(companyId, record)).emit(eventName(companyId), { action, record });
    },

    deleted(companyId: number, record: { id: number; geral: boolean; userId: number | null }) {
      realtime.io.to(audience(companyId, record)).emit(eventName(companyId), { action: 'delete', id: record.id });
    },
  };
}

export type QuickMessagesRealtime = ReturnType<typeof createQuickMessagesRealtime>;
