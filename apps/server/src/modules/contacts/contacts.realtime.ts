import { type ContactRecord, type ContactsEvent, companyEvent, rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/**
 * The only place that emits `company-{id}-contact` (intake's "new contact" comes through here too,
 * via the messages realtime). Contacts are company-wide data: the company room hears them.
 */
export function createContactsRealtime(realtime: Realtime) {
  const emit = (companyId: number, payload: ContactsEvent) =>
    realtime.io.to(rooms.company(companyId)).emit(companyEvent(companyId, 'contact'), payload);
  return {
    contactChanged: (companyId: number, action: 'create' | 'update', contact: ContactRecord) => {
      emit(companyId, { action, contact });
      realtime.domain.publish({
        type: action === 'create' ? 'contact.created' : 'contact.updated',
        companyId,
        contact,
      });
    },
    contactDeleted: (companyId: number, contactId: number) => emit(companyId, { action: 'delete', contactId }),
    /** One event for "delete all": clients drop their lists instead of hearing 100k deletes. */
    allContactsDeleted: (companyId: number) => emit(companyId, { action: 'deleteAll' }),
  };
}

export type ContactsRealtime = ReturnType<typeof createContactsRealtime>;
