import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { ConnectionsModule } from '../connections/index.ts';
import type { DeadLettersRepository } from '../dead-letters/dead-letters.repository.ts';
import type { MessagesModule } from '../messages/index.ts';
import { readCompanyLocale } from '../settings/settings-reader.ts';
import type { ChannelAdapter } from './channel-adapter.ts';
import { createChannelsRepository } from './channels.repository.ts';
import { createConnectionCache } from './intake/connection-cache.ts';
import { createIntakeRepository } from './intake/intake.repository.ts';
import { createIntake, type IntakeAutomation } from './intake/intake.service.ts';
import { type InboundFaults, keepInbound } from './intake/keep-inbound.ts';
import { createProfilePictures } from './profile-pictures.ts';
// Not through providers/baileys/index.ts: that would load Baileys itself at start.
import { createLazyBaileysAdapter } from './providers/baileys/lazy-baileys-adapter.ts';
import { SandboxAdapter } from './providers/sandbox/sandbox.adapter.ts';
import { registerSandboxRoutes } from './providers/sandbox/sandbox.routes.ts';
import { createSandboxOutboxRepository } from './providers/sandbox/sandbox-outbox.repository.ts';
import { createSandboxPairingRepository } from './providers/sandbox/sandbox-pairing.repository.ts';
import { createSessionManager, type SessionManagerOptions } from './session-manager.ts';

export interface ChannelsOptions {
  /** The real providers; default: Baileys. Tests may pass fakes. The sandbox follows SANDBOX_ENABLED. */
  adapters?: ChannelAdapter[];
  sessions?: Partial<SessionManagerOptions>;
  sandboxQrRenewalMs?: number;
  /** Tests only: make storing inbound messages fail (issue 23, "acknowledged means stored"). */
  inboundFaults?: InboundFaults;
}

/**
 * Channels: the adapters, the session manager that runs them, the inbound path they all feed
 * and the sandbox's HTTP surface. Binds itself to the connections and messages modules.
 */
export function createChannelsModule(
  platform: Platform,
  deps: { connections: ConnectionsModule; messages: MessagesModule; deadLetters: DeadLettersRepository },
  options: ChannelsOptions = {},
) {
  const { connections, messages } = deps;
  const sandbox = platform.config.sandboxEnabled
    ? new SandboxAdapter({
        pairings: createSandboxPairingRepository(platform.db),
        outbox: createSandboxOutboxRepository(platform.db, platform.storage.urlOf),
        qrRenewalMs: options.sandboxQrRenewalMs,
      })
    : null;
  const channelsRepository = createChannelsRepository(platform.db);

  const intake = createIntake({
    db: platform.db,
    repository: createIntakeRepository(platform.db),
    records: messages.repository,
    realtime: messages.realtime,
    storage: platform.storage,
    log: platform.log,
    profilePictures: () => profilePictures,
    automation: () => automation,
    companyLocale: (companyId) => readCompanyLocale(platform.db, companyId),
    clock: platform.clock,
  });
  let automation: IntakeAutomation | null = null;

  const manager = createSessionManager({
    adapters: [
      ...(sandbox ? [sandbox] : []),
      ...(options.adapters ?? [
        createLazyBaileysAdapter({
          db: platform.db,
          logger: platform.log,
          journalDir: path.join(platform.config.dataDir, 'inbound-journal'),
        }),
      ]),
    ],
    store: {
      listStartable: () => connections.repository.listStartable(),
      recordStatus: (companyId, id, change) => connections.service.recordSessionStatus(companyId, id, change),
      forgetPairing: (id) => channelsRepository.forgetPairing(id),
      takeLease: (companyId, id, owner, until) => connections.repository.takeLease(companyId, id, owner, until),
      renewLeases: (owner, ids, until) => connections.repository.renewLeases(owner, ids, until),
      releaseLease: (id, owner) => connections.repository.releaseLease(id, owner),
    },
    inbound: {
      ...intake,
      onMessage: keepInbound({
        store: intake.onMessage,
        deadLetters: deps.deadLetters,
        // The sandbox's sender (an HTTP client) is told and sends again; WhatsApp is not.
        redelivers: (provider) => provider === 'sandbox',
        log: platform.log,
        faults: options.inboundFaults,
      }),
    },
    log: platform.log,
    options: options.sessions,
  });

  // The sandbox's inbound route checks its connection on every message; a provider change or a
  // deletion goes through `remove` below, which forgets the cached row.
  const sandboxConnections = createConnectionCache((companyId, id) => connections.repository.findRow(companyId, id));
  connections.useSessions({
    start: (ref) => manager.start(ref),
    newQr: (ref) => manager.newQr(ref),
    disconnect: (ref) => manager.disconnect(ref),
    remove: async (id) => {
      sandboxConnections.forget(id);
      await manager.remove(id);
      sandbox?.forget(id);
    },
  });
  messages.useSessions(manager);
  const profilePictures = createProfilePictures({
    db: platform.db,
    connectedSession: (whatsappId) => manager.connectedSession(whatsappId),
    onUpdated: async (companyId, contactId) => {
      const contact = await messages.repository.findContact(companyId, contactId);
      if (contact) messages.realtime.contactChanged(companyId, 'update', contact);
    },
    log: platform.log,
  });
  manager.onConnected((ref) => {
    messages.service
      .flushPending(ref.companyId, ref.id)
      .catch((error) => platform.log.error({ err: error, whatsappId: ref.id }, 'flush of pending sends failed'));
  });
  platform.clientRooms.setTicketGuard((session, ticketId) => messages.access.canAccess(session, ticketId));

  let restoring = false;
  return {
    manager,
    intake,
    sandbox,
    register(app: FastifyInstance) {
      if (sandbox) {
        registerSandboxRoutes(app, {
          adapter: sandbox,
          findConnection: sandboxConnections.find,
        });
      }
    },
    /**
     * Starts every connection in the background: the server answers meanwhile, and
     * `/api/health` says `starting` until the sessions this process owns are restored.
     */
    start() {
      restoring = true;
      manager
        .startAll()
        .catch((error) => platform.log.error({ err: error }, 'starting the sessions failed'))
        .finally(() => {
          restoring = false;
        });
    },
    isRestoring: () => restoring,
    stop: () => manager.stopAll(),
    /** Routing automation hears every stored customer message, rating and declined call. */
    useAutomation(hooks: IntakeAutomation) {
      automation = hooks;
    },
  };
}

export type ChannelsModule = ReturnType<typeof createChannelsModule>;
