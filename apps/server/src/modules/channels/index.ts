import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isDeadLocalNode } from '../../platform/cluster/node-id.ts';
import type { Platform } from '../../platform/context.ts';
import type { ConnectionsModule } from '../connections/index.ts';
import { createContactsRepository } from '../contacts/index.ts';
import type { DeadLettersRepository } from '../dead-letters/dead-letters.repository.ts';
import type { MessagesModule } from '../messages/index.ts';
import type { SettingsReader } from '../settings/settings-reader.ts';
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
import { createSessionManager, type SessionManagerOptions, type SessionRef } from './session-manager.ts';
import { createSessionRouter } from './session-router.ts';

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
  deps: {
    connections: ConnectionsModule;
    messages: MessagesModule;
    deadLetters: DeadLettersRepository;
    settings: Pick<SettingsReader, 'locale'>;
  },
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
    companyLocale: (companyId) => deps.settings.locale(companyId),
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
      claimLease: (companyId, id, owner, leaseMs) => connections.repository.claimLease(companyId, id, owner, leaseMs),
      renewLeases: (owner, ids, leaseMs) => connections.repository.renewLeases(owner, ids, leaseMs),
      releaseLease: (id, owner) => connections.repository.releaseLease(id, owner),
      listClaimable: () => connections.repository.listClaimable(),
      clearLeases: () => connections.repository.clearLeases(),
      leaseOwners: () => connections.repository.leaseOwners(),
      releaseLeasesOf: (owner) => connections.repository.releaseLeasesOf(owner),
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
    options: {
      leaseMs: platform.config.sessionLeaseSeconds * 1000,
      ...options.sessions,
      clustered: platform.bus.clustered,
      processId: platform.bus.nodeId,
      isDeadHolder: isDeadLocalNode,
    },
  });
  const router = createSessionRouter({
    bus: platform.bus,
    holds: (id) => manager.holds(id),
    localSession: (id) => manager.connectedSession(id),
    ownerOf: (id) => connections.repository.ownerOf(id),
  });

  // The sandbox's inbound route checks its connection on every message; a provider change or a
  // deletion goes through `remove` below, which forgets the cached row.
  const sandboxConnections = createConnectionCache((companyId, id) => connections.repository.findRow(companyId, id));
  // The session buttons, deletes and sends run in the process holding the connection's lease.
  router.define('session.start', (ref: SessionRef) => manager.start(ref));
  router.define('session.newQr', (ref: SessionRef) => manager.newQr(ref));
  router.define('session.disconnect', (ref: SessionRef) => manager.disconnect(ref));
  const removeHere = async ({ id }: { id: number }) => {
    sandboxConnections.forget(id);
    await manager.remove(id);
    sandbox?.forget(id);
  };
  router.define('session.remove', removeHere);
  router.define('messages.deliver', (payload: { companyId: number; messageId: number; attempt: number }) =>
    messages.service.retrySend(payload),
  );
  // A process that stops gracefully releases its leases and says so: the others claim them at once.
  platform.bus.onBroadcast('leases-released', () => manager.takeOverSoon());
  connections.useSessions({
    start: (ref) => router.run(ref.id, 'session.start', ref),
    newQr: (ref) => router.run(ref.id, 'session.newQr', ref),
    disconnect: (ref) => router.run(ref.id, 'session.disconnect', ref),
    remove: async (id, ownerBeforeDelete) => {
      // The row may be gone already: then the caller passes the owner it read before deleting.
      const owner = ownerBeforeDelete ?? (await connections.repository.ownerOf(id));
      if (owner && owner !== platform.bus.nodeId && platform.bus.clustered) {
        await platform.bus.call(owner, 'session.remove', { id }).catch(() => undefined);
      }
      await removeHere({ id });
    },
  });
  messages.useSessions({
    connectedSession: (id) => manager.connectedSession(id),
    reach: (id) => router.reach(id),
    deliverElsewhere: (whatsappId, payload) => router.tellElsewhere(whatsappId, 'messages.deliver', payload),
  });
  const profilePictures = createProfilePictures({
    contacts: createContactsRepository(platform.db),
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
    router,
    intake,
    sandbox,
    register(app: FastifyInstance) {
      if (sandbox) {
        registerSandboxRoutes(app, {
          adapter: sandbox,
          router,
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
    async stop() {
      await manager.stopAll();
      await platform.bus.broadcast('leases-released').catch(() => undefined);
    },
    /** Routing automation hears every stored customer message, rating and declined call. */
    useAutomation(hooks: IntakeAutomation) {
      automation = hooks;
    },
  };
}

export type ChannelsModule = ReturnType<typeof createChannelsModule>;
