import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isDeadLocalNode } from '../../platform/cluster/node-id.ts';
import type { Platform } from '../../platform/context.ts';
import type { ConnectionsModule } from '../connections/index.ts';
import { type ChannelAdapter, type ChannelCapabilities, channelCapabilities } from './channel-adapter.ts';
import { createChannelsRepository } from './channels.repository.ts';
import { createConnectionCache } from './connection-cache.ts';
// Not through providers/baileys/index.ts: that would load Baileys itself at start.
import { createLazyBaileysAdapter } from './providers/baileys/lazy-baileys-adapter.ts';
import { createCloudApiAdapter } from './providers/cloudapi/cloudapi.adapter.ts';
import { registerCloudApiWebhook } from './providers/cloudapi/cloudapi.webhook.ts';
import { createGraphClient, type GraphClient } from './providers/cloudapi/graph-client.ts';
import { createTemplatesRepository } from './providers/cloudapi/templates/templates.repository.ts';
import { registerTemplatesRoutes } from './providers/cloudapi/templates/templates.routes.ts';
import { createTemplatesService } from './providers/cloudapi/templates/templates.service.ts';
import { SandboxAdapter } from './providers/sandbox/sandbox.adapter.ts';
import { registerSandboxRoutes } from './providers/sandbox/sandbox.routes.ts';
import { createSandboxOutboxRepository } from './providers/sandbox/sandbox-outbox.repository.ts';
import { createSandboxPairingRepository } from './providers/sandbox/sandbox-pairing.repository.ts';
import {
  createSessionManager,
  type SessionInboundHandlers,
  type SessionManagerOptions,
  type SessionRef,
} from './session-manager.ts';
import { createSessionRouter } from './session-router.ts';

// The provider interface and the helpers the conversation core builds on.
export type * from './channel-adapter.ts';
export {
  CUSTOMER_SERVICE_WINDOW_MS,
  channelCapabilities,
  MENU_MAX_BUTTONS,
  MENU_MAX_OPTIONS,
  PermanentSendError,
  RateLimitedSendError,
} from './channel-adapter.ts';
export * from './media-files.ts';
export {
  type FilledTemplate,
  templateContentOf,
} from './providers/cloudapi/templates/template-components.ts';
export type { TemplatesService } from './providers/cloudapi/templates/templates.service.ts';
export type { SessionInboundHandlers, SessionRef } from './session-manager.ts';
export { buildOpusHead, writeOggOpus } from './voice-notes/ogg-opus-writer.ts';
export * from './voice-notes/voice-note.ts';

export interface ChannelsOptions {
  /** The real providers; default: Baileys. Tests may pass fakes. The sandbox follows SANDBOX_ENABLED. */
  adapters?: ChannelAdapter[];
  sessions?: Partial<SessionManagerOptions>;
  sandboxQrRenewalMs?: number;
  /** Meta's Graph API client; default: the configured `WHATSAPP_GRAPH_URL`. */
  graph?: GraphClient;
}

/**
 * Channels are transport: the adapters (one per provider, each implementing `ChannelAdapter`),
 * the session manager that runs them, the leases and routing between processes, and the sandbox's
 * HTTP surface. What sessions receive goes to the inbound handlers `app.ts` hands over with
 * `deliverInboundTo` (the messages module's intake); nothing here knows tickets or messages.
 */
export function createChannelsModule(
  platform: Platform,
  deps: { connections: ConnectionsModule },
  options: ChannelsOptions = {},
) {
  const { connections } = deps;
  const sandbox = platform.config.sandboxEnabled
    ? new SandboxAdapter({
        pairings: createSandboxPairingRepository(platform.db),
        outbox: createSandboxOutboxRepository(platform.db, platform.storage.urlOf),
        qrRenewalMs: options.sandboxQrRenewalMs,
      })
    : null;
  const channelsRepository = createChannelsRepository(platform.db);
  const graph =
    options.graph ??
    createGraphClient({
      baseUrl: platform.config.whatsappGraph.url,
      version: platform.config.whatsappGraph.version,
      timeoutMs: platform.config.botTimeoutMs,
    });
  const cloudConnection = async (id: number) => {
    const row = await connections.repository.findCloudConnection({ id });
    return row?.phoneNumberId && row.accessToken ? row : null;
  };
  // Any call Meta answers with a refused token (a send, a template sync) takes the connection down.
  const tokenRejected = (connection: { id: number; companyId: number }, detail: string) =>
    connections.service.recordTokenRefusal(connection.companyId, connection.id, detail);
  const templates = createTemplatesService({
    repository: createTemplatesRepository(platform.db),
    graph,
    clock: () => new Date(),
    onTokenRejected: tokenRejected,
    cloudConnection: async (companyId, whatsappId) => {
      const row = await connections.repository.findRow(companyId, whatsappId);
      if (!row) return null;
      if (row.provider !== 'cloudapi') return { kind: 'other' };
      return {
        kind: 'cloud',
        ref: { id: row.id, companyId: row.companyId, name: row.name },
        credentials: {
          phoneNumberId: row.cloudPhoneNumberId ?? '',
          wabaId: row.cloudWabaId ?? '',
          accessToken: row.cloudAccessToken ?? '',
        },
      };
    },
  });
  const cloud = createCloudApiAdapter({
    graph,
    credentialsOf: async (connection) => {
      const row = await cloudConnection(connection.id);
      return row
        ? { phoneNumberId: row.phoneNumberId!, wabaId: row.wabaId ?? '', accessToken: row.accessToken! }
        : null;
    },
    onTokenRejected: tokenRejected,
  });
  /**
   * A session no process holds: the Cloud API's, usable from any process. None while the
   * connection is DISCONNECTED (a refused token, or an admin's "disconnect"): messages wait then.
   */
  const directSession = async (whatsappId: number) => {
    const row = await cloudConnection(whatsappId);
    if (!row || row.status === 'DISCONNECTED') return null;
    return cloud.sessionFor({ id: row.id, companyId: row.companyId, name: row.name });
  };

  // Sessions start after app.ts has handed over the inbound handlers (`deliverInboundTo`).
  let receiver: SessionInboundHandlers | null = null;
  const inboundReceiver = () => {
    if (!receiver) throw new Error('channels: no inbound handlers were handed over');
    return receiver;
  };

  const manager = createSessionManager({
    adapters: [
      cloud,
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
      onMessage: (ref, message) => inboundReceiver().onMessage(ref, message),
      onMessageUpdate: (ref, update) => inboundReceiver().onMessageUpdate(ref, update),
      onAck: (ref, externalId, ack) => inboundReceiver().onAck(ref, externalId, ack),
      onCall: (ref, call) => inboundReceiver().onCall(ref, call),
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
    directSession,
    ownerOf: (id) => connections.repository.ownerOf(id),
  });

  // The sandbox's inbound route checks its connection on every message, and every send asks for its
  // provider (the service window): a provider change or a deletion goes through `remove` below,
  // which forgets the cached row; another process's copy lapses within seconds.
  const connectionRows = createConnectionCache((companyId, id) => connections.repository.findRow(companyId, id));
  // The session buttons, deletes and sends run in the process holding the connection's lease.
  router.define('session.start', (ref: SessionRef) => manager.start(ref));
  router.define('session.newQr', (ref: SessionRef) => manager.newQr(ref));
  router.define('session.disconnect', (ref: SessionRef) => manager.disconnect(ref));
  const removeHere = async ({ id }: { id: number }) => {
    connectionRows.forget(id);
    await manager.remove(id);
    sandbox?.forget(id);
  };
  router.define('session.remove', removeHere);
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

  let restoring = false;
  return {
    manager,
    router,
    sandbox,
    /** The session of a connection no process holds (Cloud API), or null: sends need no owner then. */
    directSession,
    /** What the connection's provider can do to sent messages (edit, delete, react); null for no such connection. */
    async capabilitiesOf(companyId: number, whatsappId: number): Promise<ChannelCapabilities | null> {
      const row = await connectionRows.find(companyId, whatsappId);
      return row ? (channelCapabilities[row.provider as ChannelAdapter['provider']] ?? null) : null;
    },
    /** Whether free-form messages on this connection need the customer service window (Cloud API). */
    hasServiceWindow: async (companyId: number, whatsappId: number) =>
      (await connectionRows.find(companyId, whatsappId))?.provider === 'cloudapi',
    /** Where every session's messages, edits, acks and calls go: the conversation core's intake. */
    deliverInboundTo(handlers: SessionInboundHandlers) {
      receiver = handlers;
    },
    /** A Cloud API connection's message templates (list, sync, fill for a send). */
    templates,
    register(app: FastifyInstance) {
      registerTemplatesRoutes(app, templates);
      registerCloudApiWebhook(app, {
        graph,
        inbound: inboundReceiver,
        log: platform.log,
        findByWebhookKey: async (webhookKey) => {
          const row = await connections.repository.findCloudConnection({ webhookKey });
          if (!row?.phoneNumberId || !row.accessToken || !row.appSecret || !row.verifyToken) return null;
          return {
            ref: { id: row.id, companyId: row.companyId, name: row.name, provider: row.provider },
            phoneNumberId: row.phoneNumberId,
            accessToken: row.accessToken,
            appSecret: row.appSecret,
            verifyToken: row.verifyToken,
          };
        },
      });
      if (sandbox) {
        registerSandboxRoutes(app, {
          adapter: sandbox,
          router,
          findConnection: connectionRows.find,
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
  };
}

export type ChannelsModule = ReturnType<typeof createChannelsModule>;
