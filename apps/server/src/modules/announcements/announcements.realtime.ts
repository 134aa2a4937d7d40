import type { Announcement } from '@wacrm/shared';
import { rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/**
 * The only place that emits announcement events. spec: `company-announcement` goes to every
 * logged-in socket of every company (announcements are platform-wide by design); the payload
 * is the public record or the deleted id, nothing else.
 */
export function createAnnouncementsRealtime(realtime: Realtime) {
  const everyone = () => realtime.io.to(rooms.everyone());
  return {
    created: (record: Announcement) => everyone().emit('company-announcement', { action: 'create', record }),
    updated: (record: Announcement) => everyone().emit('company-announcement', { action: 'update', record }),
    deleted: (id: number) => everyone().emit('company-announcement', { action: 'delete', id }),
  };
}

export type AnnouncementsEvents = ReturnType<typeof createAnnouncementsRealtime>;
