import { type ChatEvent, companyEvent, rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/**
 * The only place that emits `company-{id}-chat`. Every event goes to the rooms of the users it
 * concerns (each user's own room), never to the company room: a chat is private to its participants.
 */
export function createChatsRealtime(realtime: Realtime) {
  return {
    emit(companyId: number, userIds: number[], event: ChatEvent) {
      if (userIds.length === 0) return;
      const targets = userIds.map((userId) => rooms.user(companyId, userId));
      realtime.io.to(targets).emit(companyEvent(companyId, 'chat'), event);
    },
  };
}

export type ChatsRealtime = ReturnType<typeof createChatsRealtime>;
