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
 * `company-{id}-campaign`. The tool is admins' only, so the events go to the admins' profile room
 * (every socket joins its profile's): no read of who the admins are per event, which a campaign
 * paid for every contact it messaged.
 */
export function createCampaignsRealtime(realtime: Realtime) {
  const admins = (companyId: number) => realtime.io.to(rooms.profile(companyId, 'admin'));

  return {
    contactList(companyId: number, payload: ContactListEvent) {
      admins(companyId).emit(companyEvent(companyId, 'ContactList'), payload);
    },
    contactListItem(companyId: number, contactListId: number, payload: ContactListItemEvent) {
      admins(companyId).emit(companyEvent(companyId, 'ContactListItem'), payload);
      admins(companyId).emit(contactListItemEvent(companyId, contactListId), payload);
    },
    fileList(companyId: number, payload: FileListEvent) {
      admins(companyId).emit(companyEvent(companyId, 'file'), payload);
    },
    campaign(companyId: number, payload: CampaignEvent) {
      admins(companyId).emit(companyEvent(companyId, 'campaign'), payload);
    },
  };
}

export type CampaignsRealtime = ReturnType<typeof createCampaignsRealtime>;
