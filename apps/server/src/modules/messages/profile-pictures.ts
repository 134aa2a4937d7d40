import type { FastifyBaseLogger } from 'fastify';
import type { ChannelSession } from '../channels/index.ts';
import type { ContactsRepository } from '../contacts/index.ts';

/** WhatsApp is asked for a contact's picture at most this often. */
export const PROFILE_PICTURE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const RECENTLY_CHECKED_LIMIT = 10_000;

/**
 * Keeps contacts' profile pictures fresh without asking WhatsApp on every message: a contact is
 * looked up at most once a day. The day is claimed in the database first (a conditional update),
 * so a burst of messages or several nodes make one request; a small in-memory set skips even that
 * query for contacts seen moments ago.
 */
export function createProfilePictures(deps: {
  /** The contacts module writes the picture and the day's claim. */
  contacts: Pick<ContactsRepository, 'claimPictureCheck' | 'setProfilePicture'>;
  connectedSession: (whatsappId: number) => ChannelSession | null;
  onUpdated: (companyId: number, contactId: number) => Promise<void>;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const recentlyChecked = new Map<number, number>();

  function seenRecently(contactId: number) {
    const checkedAt = recentlyChecked.get(contactId);
    if (checkedAt !== undefined && now() - checkedAt < PROFILE_PICTURE_MAX_AGE_MS) return true;
    if (recentlyChecked.size >= RECENTLY_CHECKED_LIMIT) recentlyChecked.clear();
    recentlyChecked.set(contactId, now());
    return false;
  }

  function claimDailyCheck(companyId: number, contactId: number) {
    const staleBefore = new Date(now() - PROFILE_PICTURE_MAX_AGE_MS);
    return deps.contacts.claimPictureCheck(companyId, contactId, new Date(now()), staleBefore);
  }

  return {
    /** Never throws and never delays intake: call it without awaiting. */
    async refreshIfStale(target: {
      companyId: number;
      whatsappId: number;
      contactId: number;
      chatId: string;
      isGroup: boolean;
      /** The contact row's last check, when the caller has it: a recent one needs no query. */
      checkedAt?: Date | null;
    }) {
      try {
        if (seenRecently(target.contactId)) return;
        if (target.checkedAt && now() - target.checkedAt.getTime() < PROFILE_PICTURE_MAX_AGE_MS) return;
        const session = deps.connectedSession(target.whatsappId);
        if (!session) return;
        const claimed = await claimDailyCheck(target.companyId, target.contactId);
        if (!claimed) return;
        const url = await session.fetchProfilePicture(target.chatId, target.isGroup);
        if (url === claimed.profilePicUrl) return;
        await deps.contacts.setProfilePicture(target.companyId, target.contactId, url, new Date(now()));
        await deps.onUpdated(target.companyId, target.contactId);
      } catch (error) {
        deps.log.warn({ err: error, contactId: target.contactId }, 'profile picture refresh failed');
      }
    },
  };
}

export type ProfilePictures = ReturnType<typeof createProfilePictures>;
