import type { Contact } from 'baileys';
import { BoundedCache } from '../../../../platform/cache/bounded-cache.ts';
import type { SyncedContactRow, SyncedContactWrite } from '../../synced-contacts.repository.ts';
import type { BaileysLogger, BaileysSocket } from './baileys-socket.ts';
import { jidUser } from './to-inbound-message.ts';
import { importNameOf, lidsWithoutPhone, toSyncedContacts } from './to-synced-contacts.ts';

/** The connection's synced contacts (`synced_contacts`), bound to it. */
export interface SyncedContactsStore {
  store(writes: SyncedContactWrite[]): Promise<void>;
  update(writes: SyncedContactWrite[]): Promise<void>;
  list(): Promise<SyncedContactRow[]>;
  clear(): Promise<void>;
}

/** A synced contact's identity: its phone-number jid, else its LID. */
const contactKey = (write: SyncedContactWrite) => write.jid ?? write.lid!;

/**
 * Keeps the contacts WhatsApp syncs to the device, for `POST /contacts/import` (docs/baileys.md,
 * "Synced contacts"): new ones from `contacts.upsert` and the history sync, changes from
 * `contacts.update`. Writes run in arrival order on a chain of their own, apart from the messages,
 * so a large history sync never holds them up.
 */
export class ContactSync {
  private writes: Promise<void> = Promise.resolve();
  /**
   * What was last written for each person: WhatsApp repeats a sender's push name in a
   * `contacts.update` with every message, and an unchanged one costs no statement.
   */
  private readonly lastWrite = new BoundedCache<string>({ maxEntries: 2_000, ttlMs: 60 * 60_000 });

  constructor(
    private readonly kept: SyncedContactsStore,
    private readonly logger: BaileysLogger,
  ) {}

  /** Queues one event's contacts; `store` adds and merges, `update` changes only people already kept. */
  take(
    socket: BaileysSocket,
    kind: 'store' | 'update',
    contacts: Partial<Contact>[],
    lidPnMappings: { lid: string; pn: string }[] = [],
  ) {
    if (contacts.length === 0) return;
    const ownJid = socket.user?.id;
    this.writes = this.writes
      .then(async () => {
        const phoneOfLid = await this.phonesOfLids(socket, lidsWithoutPhone(contacts), lidPnMappings);
        // Skipped only when this person's previous write was the same one: a repeat changes nothing.
        const signature = (write: SyncedContactWrite) => `${kind}:${JSON.stringify(write)}`;
        const writes = toSyncedContacts(contacts, { phoneOfLid, ownJid }).filter(
          (write) => this.lastWrite.get(contactKey(write)) !== signature(write),
        );
        if (writes.length === 0) return;
        await (kind === 'store' ? this.kept.store(writes) : this.kept.update(writes));
        for (const write of writes) this.lastWrite.set(contactKey(write), signature(write));
      })
      .catch((error) => this.logger.error({ err: error }, 'storing synced contacts failed'));
  }

  /** LID → phone-number jid: the pairs the event carries, else Baileys' mapping store (one lookup). */
  private async phonesOfLids(socket: BaileysSocket, lids: string[], pairs: { lid: string; pn: string }[]) {
    const phones = new Map(pairs.map((pair) => [pair.lid, pair.pn]));
    const unknown = lids.filter((lid) => !phones.has(lid));
    const lookup = socket.signalRepository?.lidMapping;
    if (unknown.length === 0 || !lookup) return phones;
    const found = await lookup.getPNsForLIDs(unknown).catch((error) => {
      this.logger.warn({ err: error }, 'LID lookup failed; those contacts stay keyed by LID');
      return null;
    });
    for (const pair of found ?? []) phones.set(pair.lid, pair.pn);
    return phones;
  }

  /** Resolves once every queued write is done. */
  settled() {
    return this.writes;
  }

  /** The contacts kept so far, named as an import names them. */
  async list() {
    await this.writes;
    const rows = await this.kept.list();
    return rows.map((row) => ({ name: importNameOf(row), number: jidUser(row.jid) }));
  }

  /** The pairing is gone: the next phone paired to this connection may be another one. */
  async clear() {
    await this.writes;
    this.lastWrite.flushAll();
    await this.kept.clear();
  }
}
