import type { Profile } from '../auth/permissions.ts';

/** The values of the company setting `deletedMessagesVisibleTo`. */
export type DeletedMessagesVisibleTo = 'adminsAndSupervisors' | 'everyone' | 'nobody';

/**
 * Whether a user of `profile` still reads the text and media of a message deleted for everyone
 * under the company setting `deletedMessagesVisibleTo` (docs/decisions/edits-deletes-reactions.md).
 * An unknown value reads as the default, admins and supervisors.
 */
export function canReadDeletedMessages(visibleTo: string, profile: Profile): boolean {
  if (visibleTo === 'everyone') return true;
  if (visibleTo === 'nobody') return false;
  return profile === 'admin' || profile === 'supervisor';
}
