import { companyEvent, rooms, type TagRecord } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/** The only place that emits `company-{id}-tag`; it reaches the tag's own company only. */
export function createTagsRealtime(realtime: Realtime) {
  const emitTo = (companyId: number) => realtime.io.to(rooms.company(companyId));
  return {
    tagSaved(companyId: number, action: 'create' | 'update', tag: TagRecord) {
      emitTo(companyId).emit(companyEvent(companyId, 'tag'), { action, tag });
    },
    tagDeleted(companyId: number, tagId: number) {
      emitTo(companyId).emit(companyEvent(companyId, 'tag'), { action: 'delete', tagId });
    },
  };
}

export type TagsRealtime = ReturnType<typeof createTagsRealtime>;
