import {
  type CampaignEvent,
  type ContactListEvent,
  type ContactListItemEvent,
  companyEvent,
  contactListItemEvent,
  type FileListEvent,
  rooms,
} from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/**
 * The only place that emits the campaign tool's events: `company-{id}-ContactList`,
 * `company-{id}-ContactListItem` (and the per-list `company-{id}-ContactListItem-{listId}`) and
 * `company-{id}-campaign`. The tool is admins' only, so the events go to the admins' rooms.
 */
export function createCampaignsRealtime(realtime: Realtime, adminIds: (companyId: number) => Promise<number[]>) {
  async function audience(companyId: number) {
    return (await adminIds(companyId)).map((userId) => rooms.user(companyId, userId));
  }

  return {
    async contactList(companyId: number, payload: ContactListEvent) {
      const to = await audience(companyId);
      if (to.length > 0) realtime.io.to(to).emit(companyEvent(companyId, 'ContactList'), payload);
    },
    async contactListItem(companyId: number, contactListId: number, payload: ContactListItemEvent) {
      const to = await audience(companyId);
      if (to.length === 0) return;
      realtime.io.to(to).emit(companyEvent(companyId, 'ContactListItem'), payload);
      realtime.io.to(to).emit(contactListItemEvent(companyId, contactListId), payload);
    },
    async fileList(companyId: number, payload: FileListEvent) {
      const to = await audience(companyId);
      if (to.length > 0) realtime.io.to(to).emit(companyEvent(companyId, 'file'), payload);
    },
    async campaign(companyId: number, payload: CampaignEvent) {
      const to = await audience(companyId);
      if (to.length > 0) realtime.io.to(to).emit(companyEvent(companyId, 'campaign'), payload);
    },
  };
}

export type CampaignsRealtime = ReturnType<typeof createCampaignsRealtime>;
