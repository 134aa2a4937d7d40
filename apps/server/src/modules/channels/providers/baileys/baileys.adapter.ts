import { downloadMediaMessage, isJidBroadcast, isJidNewsletter, type UserFacingSocketConfig } from 'baileys';
import type { Database } from '../../../../platform/db/client.ts';
import type { ChannelAdapter, ChannelConnectionRef, ChannelSessionEvents } from '../../channel-adapter.ts';
import { createSyncedContactsRepository, type SyncedContactsRepository } from '../../synced-contacts.repository.ts';
import { useDatabaseAuthState } from './auth-state.ts';
import { type BaileysFaults, BaileysSession, type MediaDownloader, type SessionPolicy } from './baileys-session.ts';
import { type BaileysLogger, type BaileysSocketFactory, createRealSocket } from './baileys-socket.ts';
import type { SyncedContactsStore } from './contact-sync.ts';
import { InboundJournal } from './inbound-journal.ts';

export interface BaileysAdapterDeps {
  db: Database;
  /** A pino logger (the app's); the provider logs through a child at `warn`. */
  logger: BaileysLogger;
  /** Name shown on the phone under Linked devices. */
  browserName?: string;
  /** Defaults to Baileys' `makeWASocket`; tests pass a fake. */
  createSocket?: BaileysSocketFactory;
  /** Defaults to Baileys' `downloadMediaMessage`. */
  downloadMedia?: MediaDownloader;
  policy?: Partial<SessionPolicy>;
  /** Where each connection's journal of inbound messages is kept; none without it (tests). */
  journalDir?: string;
  /** Tests only. */
  faults?: BaileysFaults;
}

export const DEFAULT_POLICY: SessionPolicy = {
  maxMediaBytes: 64 * 1024 * 1024,
  groupNameTtlMs: 60 * 60_000,
  now: () => new Date(),
};

const downloadWithBaileys: MediaDownloader = (message, socket, logger) => {
  const reuploadRequest = socket.updateMediaMessage?.bind(socket);
  return downloadMediaMessage(message, 'buffer', {}, reuploadRequest ? { logger, reuploadRequest } : undefined);
};

function syncedContactsOf(repository: SyncedContactsRepository, connection: ChannelConnectionRef): SyncedContactsStore {
  const ref = { whatsappId: connection.id, companyId: connection.companyId };
  return {
    store: (writes) => repository.store(ref, writes),
    update: (writes) => repository.update(connection.id, writes),
    list: () => repository.list(connection.id),
    clear: () => repository.clear(connection.id),
  };
}

/**
 * Real WhatsApp through Baileys (multi-device, QR pairing). Register it with the session
 * manager beside the sandbox: `createBaileysAdapter({ db: platform.db, logger: platform.log })`.
 */
export function createBaileysAdapter(deps: BaileysAdapterDeps): ChannelAdapter {
  const policy: SessionPolicy = { ...DEFAULT_POLICY, ...deps.policy };
  const createSocket = deps.createSocket ?? createRealSocket;
  const downloadMedia = deps.downloadMedia ?? downloadWithBaileys;
  const browserName = deps.browserName ?? 'WACRM';
  const syncedContacts = createSyncedContactsRepository(deps.db);
  // One journal per connection for the life of the process, shared by its successive sessions.
  const journals = new Map<number, InboundJournal>();
  const journalOf = (id: number) => {
    if (!deps.journalDir) return undefined;
    let journal = journals.get(id);
    if (!journal) {
      journal = new InboundJournal(deps.journalDir, id);
      journals.set(id, journal);
    }
    return journal;
  };

  return {
    provider: 'baileys',
    async start(connection: ChannelConnectionRef, events: ChannelSessionEvents) {
      const logger = deps.logger.child({
        module: 'baileys',
        whatsappId: connection.id,
        companyId: connection.companyId,
      });
      // Baileys is chatty at info; its warnings are what an operator needs.
      logger.level = 'warn';
      const auth = await useDatabaseAuthState(deps.db, connection.id);
      const session = new BaileysSession({
        connection,
        events,
        auth,
        contacts: syncedContactsOf(syncedContacts, connection),
        logger,
        createSocket,
        downloadMedia,
        policy,
        journal: journalOf(connection.id),
        faults: deps.faults,
        socketConfig: ({ auth, msgRetryCounterCache }): UserFacingSocketConfig => ({
          auth: auth.state,
          logger,
          browser: [browserName, 'Chrome', '1.0.0'],
          // Attendants read on the phone or in the product; the company should not look "online" to customers.
          markOnlineOnConnect: false,
          syncFullHistory: false,
          // Our own sends come back from `send()`; echoing them as upserts would race intake.
          emitOwnEvents: false,
          msgRetryCounterCache,
          // No message store: retries of very old messages are not worth memory on every session.
          getMessage: async () => undefined,
          shouldIgnoreJid: (jid) => Boolean(isJidBroadcast(jid) || isJidNewsletter(jid)),
        }),
      });
      session.open();
      return session;
    },
  };
}
