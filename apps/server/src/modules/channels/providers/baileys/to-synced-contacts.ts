import { type Contact, isLidUser, isPnUser, jidNormalizedUser } from 'baileys';
import type { SyncedContactWrite } from '../../synced-contacts.repository.ts';
import { jidUser } from './to-inbound-message.ts';

/** Stored names are cut here: a longer one is no name anybody typed. */
const NAME_MAX = 200;

function nameOf(value: string | null | undefined) {
  const name = value
    ?.trim()
    .slice(0, NAME_MAX)
    .replace(/[\uD800-\uDBFF]$/, '');
  return name ? name : null;
}

/** A person's phone-number jid without device, or null (groups, broadcasts, newsletters, bots, LIDs). */
function personJid(jid: string | null | undefined) {
  if (!jid || !isPnUser(jid)) return null;
  const normal = jidNormalizedUser(jid);
  return /^\d+$/.test(jidUser(normal)) ? normal : null;
}

/**
 * The LIDs of these contacts that carry no phone number of their own: the adapter looks them up
 * in Baileys' LID mapping before converting.
 */
export function lidsWithoutPhone(contacts: Partial<Contact>[]) {
  return contacts.flatMap((contact) =>
    contact.id && isLidUser(contact.id) && !personJid(contact.phoneNumber) ? [jidNormalizedUser(contact.id)] : [],
  );
}

/**
 * Baileys' contacts (`contacts.upsert`, `contacts.update`, `messaging-history.set`) as rows to
 * keep: people only, keyed by their phone-number jid; a contact known by its LID takes the phone
 * number the event carries, else the one `phoneOfLid` knows, else stays keyed by its LID alone.
 * Our own number is left out. Several entries for one person merge, the later one winning.
 */
export function toSyncedContacts(
  contacts: Partial<Contact>[],
  options: { phoneOfLid: ReadonlyMap<string, string>; ownJid?: string | null },
): SyncedContactWrite[] {
  const own = personJid(options.ownJid);
  const byKey = new Map<string, SyncedContactWrite>();
  for (const contact of contacts) {
    const write = toSyncedContact(contact, options.phoneOfLid);
    if (!write || (write.jid !== null && write.jid === own)) continue;
    const key = write.jid ?? write.lid!;
    const earlier = byKey.get(key);
    byKey.set(
      key,
      earlier
        ? {
            jid: write.jid,
            lid: write.lid ?? earlier.lid,
            name: write.name ?? earlier.name,
            notify: write.notify ?? earlier.notify,
            verifiedName: write.verifiedName ?? earlier.verifiedName,
          }
        : write,
    );
  }
  return [...byKey.values()];
}

function toSyncedContact(contact: Partial<Contact>, phoneOfLid: ReadonlyMap<string, string>) {
  const id = contact.id;
  if (!id) return null;
  let jid: string | null;
  let lid: string | null;
  if (isLidUser(id)) {
    lid = jidNormalizedUser(id);
    jid = personJid(contact.phoneNumber) ?? personJid(phoneOfLid.get(lid));
  } else {
    jid = personJid(id);
    if (!jid) return null;
    lid = contact.lid && isLidUser(contact.lid) ? jidNormalizedUser(contact.lid) : null;
  }
  const write: SyncedContactWrite = {
    jid,
    lid,
    name: nameOf(contact.name),
    notify: nameOf(contact.notify),
    verifiedName: nameOf(contact.verifiedName),
  };
  return write;
}

/** The name an import gives a synced contact: the address book's, else the push name, else the business name. */
export function importNameOf(row: { name: string | null; notify: string | null; verifiedName: string | null }) {
  return row.name ?? row.notify ?? row.verifiedName ?? '';
}
