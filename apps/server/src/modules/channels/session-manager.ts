import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type {
  Ack,
  ChannelAdapter,
  ChannelSession,
  ChannelSessionEvents,
  ConnectionStatus,
  InboundCall,
  InboundMessage,
  InboundMessageUpdate,
} from './channel-adapter.ts';
import { type BackoffOptions, defaultReconnectBackoff, reconnectDelayMs } from './reconnect-backoff.ts';

export interface SessionRef {
  id: number;
  companyId: number;
  name: string;
  provider: string;
}

export interface SessionStatusChange {
  status?: ConnectionStatus;
  qrcode?: string;
  retries?: number;
  number?: string | null;
  /** Why the connection is down, in the provider's words; cleared once it connects. */
  statusDetail?: string | null;
}

/** Where the session manager keeps what it learns; the connections feature provides it. */
export interface SessionStore {
  listStartable(): Promise<SessionRef[]>;
  /** Stores the change and tells the company. */
  recordStatus(companyId: number, id: number, change: SessionStatusChange): Promise<void>;
  /** Forgets a provider's stored pairing when no live session can log out (keys are per connection). */
  forgetPairing(id: number): Promise<void>;
  /** Conditional claim: answers true only when the lease was free, expired or already ours. */
  claimLease(companyId: number, id: number, owner: string, leaseMs: number): Promise<boolean>;
  /** Renews only the leases still ours; answers the ids renewed (a missing one was lost). */
  renewLeases(owner: string, ids: number[], leaseMs: number): Promise<number[]>;
  releaseLease(id: number, owner: string): Promise<void>;
  /** Connections nobody holds (owner gone or released) that should be running. */
  listClaimable(): Promise<SessionRef[]>;
  /** Single-process (embedded database): leases left by an earlier run of this server are void. */
  clearLeases(): Promise<void>;
  /** The processes holding leases that have not run out. */
  leaseOwners(): Promise<string[]>;
  /** Frees every lease of a process known to be gone. */
  releaseLeasesOf(owner: string): Promise<void>;
}

/** Intake: what happens to what sessions receive. */
export interface SessionInboundHandlers {
  onMessage(ref: SessionRef, message: InboundMessage): Promise<void>;
  onMessageUpdate(ref: SessionRef, update: InboundMessageUpdate): Promise<void>;
  onAck(ref: SessionRef, externalId: string, ack: Ack): Promise<void>;
  onCall(ref: SessionRef, call: InboundCall): Promise<void>;
}

export interface SessionManagerOptions {
  /** Sessions started at once when the server starts. */
  startConcurrency: number;
  /** spec + issue 4: a QR not scanned after this many renewals ends as DISCONNECTED. */
  maxQrRenewals: number;
  leaseMs: number;
  backoff: BackoffOptions;
  /** Other processes may hold sessions (a PostgreSQL server): leases are honoured and taken over. */
  clustered: boolean;
  /** The process id written in the lease rows. */
  processId?: string;
  /** Whether a lease holder is known to be gone (a crashed earlier process of this host). */
  isDeadHolder?: (owner: string) => boolean;
}

const defaultOptions: SessionManagerOptions = {
  startConcurrency: 3,
  maxQrRenewals: 3,
  leaseMs: 60_000,
  backoff: defaultReconnectBackoff,
  clustered: false,
};

interface LiveConnection {
  ref: SessionRef;
  /** Bumped whenever a session is replaced or ended: events of older sessions are ignored. */
  generation: number;
  session: ChannelSession | null;
  starting: Promise<void> | null;
  status: ConnectionStatus | null;
  qrRenewals: number;
  reconnectAttempt: number;
  reconnectTimer: NodeJS.Timeout | null;
}

/**
 * Owns the live sessions of this process: starts them (all of them when the server starts,
 * a few at a time), stores and announces every status change, ends a QR nobody scans,
 * reconnects dropped sessions with capped exponential backoff and jitter, and stops them on
 * shutdown without logging out (so the next start needs no new QR).
 *
 * Provider contract (see channel-adapter.ts): `TIMEOUT` means the link dropped and the manager
 * will restart the session after a backoff; `DISCONNECTED` means the pairing is gone (the phone
 * logged out) and nothing is retried until someone presses start.
 */
export function createSessionManager(deps: {
  adapters: ChannelAdapter[];
  store: SessionStore;
  inbound: SessionInboundHandlers;
  log: FastifyBaseLogger;
  options?: Partial<SessionManagerOptions>;
}) {
  const options = { ...defaultOptions, ...deps.options };
  const adapters = new Map(deps.adapters.map((adapter) => [adapter.provider as string, adapter]));
  const live = new Map<number, LiveConnection>();
  const connectedListeners: ((ref: SessionRef) => void)[] = [];
  const processId = options.processId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const { store, log } = deps;
  let leaseTimer: NodeJS.Timeout | null = null;
  let takeoverTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  const record = (entry: LiveConnection, change: SessionStatusChange) => {
    if (change.status && change.status !== entry.status) {
      log.info(
        { whatsappId: entry.ref.id, companyId: entry.ref.companyId, status: change.status },
        'connection status',
      );
    }
    if (change.status) entry.status = change.status;
    return store.recordStatus(entry.ref.companyId, entry.ref.id, change).catch((error) => {
      log.error({ err: error, whatsappId: entry.ref.id }, 'could not record a session status');
    });
  };

  function entryOf(ref: SessionRef) {
    let entry = live.get(ref.id);
    if (!entry) {
      entry = {
        ref,
        generation: 0,
        session: null,
        starting: null,
        status: null,
        qrRenewals: 0,
        reconnectAttempt: 0,
        reconnectTimer: null,
      };
      live.set(ref.id, entry);
    }
    entry.ref = ref;
    return entry;
  }

  function cancelReconnect(entry: LiveConnection) {
    if (entry.reconnectTimer) clearTimeout(entry.reconnectTimer);
    entry.reconnectTimer = null;
  }

  /** Ends the current session (if any) so that its late events are ignored; answers it. */
  function detach(entry: LiveConnection) {
    entry.generation++;
    const session = entry.session;
    entry.session = null;
    return session;
  }

  function scheduleReconnect(entry: LiveConnection) {
    if (stopped || entry.reconnectTimer) return;
    const old = detach(entry);
    old?.stop().catch(() => undefined);
    const delay = reconnectDelayMs(entry.reconnectAttempt++, options.backoff);
    log.info({ whatsappId: entry.ref.id, delay }, 'session dropped: reconnecting after backoff');
    entry.reconnectTimer = setTimeout(() => {
      entry.reconnectTimer = null;
      start(entry.ref).catch((error) => log.error({ err: error, whatsappId: entry.ref.id }, 'reconnect failed'));
    }, delay);
    entry.reconnectTimer.unref();
  }

  function announceConnected(entry: LiveConnection) {
    // Listeners may send through the session: wait until start() has handed it over.
    // A start that failed is logged by its caller; nobody is told of a connection then.
    void Promise.resolve(entry.starting)
      .catch(() => undefined)
      .then(() => {
        if (!entry.session) return;
        for (const listener of connectedListeners) {
          try {
            listener(entry.ref);
          } catch (error) {
            log.error({ err: error }, 'connected listener failed');
          }
        }
      });
  }

  function eventsFor(entry: LiveConnection, generation: number): ChannelSessionEvents {
    const current = () => entry.generation === generation && live.get(entry.ref.id) === entry;
    const guard = async (what: string, run: () => Promise<void>) => {
      try {
        await run();
      } catch (error) {
        log.error({ err: error, whatsappId: entry.ref.id }, `channel ${what} failed`);
      }
    };
    return {
      onStatus: (change) =>
        guard('status', async () => {
          if (!current()) return;
          switch (change.status) {
            case 'qrcode': {
              entry.qrRenewals = entry.status === 'qrcode' ? entry.qrRenewals + 1 : 0;
              if (entry.qrRenewals > options.maxQrRenewals) {
                // Nobody scanned: end the session rather than show QR codes forever.
                detach(entry)
                  ?.stop()
                  .catch(() => undefined);
                await record(entry, { status: 'DISCONNECTED', qrcode: '', retries: entry.qrRenewals });
                await store.releaseLease(entry.ref.id, processId);
                return;
              }
              await record(entry, { status: 'qrcode', qrcode: change.qrcode ?? '', retries: entry.qrRenewals });
              return;
            }
            case 'CONNECTED':
              entry.qrRenewals = 0;
              entry.reconnectAttempt = 0;
              await record(entry, {
                status: 'CONNECTED',
                qrcode: '',
                retries: 0,
                statusDetail: null,
                ...(change.number ? { number: change.number } : {}),
              });
              announceConnected(entry);
              return;
            case 'TIMEOUT':
              await record(entry, { status: 'TIMEOUT', qrcode: '' });
              scheduleReconnect(entry);
              return;
            case 'DISCONNECTED':
              detach(entry)
                ?.stop()
                .catch(() => undefined);
              await record(entry, {
                status: 'DISCONNECTED',
                qrcode: '',
                retries: 0,
                statusDetail: change.detail ?? null,
              });
              await store.releaseLease(entry.ref.id, processId);
              return;
            default:
              await record(entry, { status: change.status });
          }
        }),
      // Messages are never dropped, even from a session being replaced: intake is idempotent.
      // Not guarded: a message that was neither stored nor kept must not be acknowledged, so the
      // provider hears the rejection (intake/keep-inbound.ts).
      onMessage: (message) => deps.inbound.onMessage(entry.ref, message),
      onMessageUpdate: (update) => guard('message update', () => deps.inbound.onMessageUpdate(entry.ref, update)),
      onAck: (externalId, ack) => guard('ack', () => deps.inbound.onAck(entry.ref, externalId, ack)),
      onCall: (call) => guard('call', () => deps.inbound.onCall(entry.ref, call)),
    };
  }

  async function start(ref: SessionRef): Promise<void> {
    if (stopped) return;
    const entry = entryOf(ref);
    if (entry.session || entry.starting) return entry.starting ?? undefined;
    cancelReconnect(entry);
    const adapter = adapters.get(ref.provider);
    if (!adapter) {
      log.warn({ whatsappId: ref.id, provider: ref.provider }, 'no adapter for this provider on this server');
      await record(entry, { status: 'DISCONNECTED', qrcode: '' });
      return;
    }
    const generation = ++entry.generation;
    entry.qrRenewals = 0;
    entry.starting = (async () => {
      // Claim before start: another process holding a live lease keeps the connection.
      if (!(await store.claimLease(ref.companyId, ref.id, processId, options.leaseMs))) {
        if (entry.generation === generation) live.delete(ref.id);
        return;
      }
      await record(entry, { status: 'OPENING', qrcode: '' });
      try {
        const session = await adapter.start(
          { id: ref.id, companyId: ref.companyId, name: ref.name },
          eventsFor(entry, generation),
        );
        if (entry.generation !== generation || stopped) {
          await session.stop().catch(() => undefined);
          return;
        }
        entry.session = session;
      } catch (error) {
        log.warn({ err: error, whatsappId: ref.id }, 'session could not start');
        if (entry.generation === generation) {
          await record(entry, { status: 'TIMEOUT', qrcode: '' });
          scheduleReconnect(entry);
        }
      }
    })();
    try {
      await entry.starting;
    } finally {
      entry.starting = null;
    }
  }

  /** Logs the phone out if a session is live, else forgets the stored pairing. */
  async function forget(entry: LiveConnection) {
    cancelReconnect(entry);
    await entry.starting?.catch(() => undefined);
    const session = detach(entry);
    if (session) {
      await session.logout().catch((error) => log.warn({ err: error }, 'logout failed'));
    }
    await store.forgetPairing(entry.ref.id);
  }

  /** Starts (claims) the given connections, `startConcurrency` at a time. */
  async function startEach(pending: SessionRef[]) {
    const worker = async () => {
      for (let ref = pending.shift(); ref && !stopped; ref = pending.shift()) {
        await start(ref).catch((error) => log.error({ err: error, whatsappId: ref?.id }, 'start failed'));
      }
    };
    await Promise.all(Array.from({ length: options.startConcurrency }, worker));
  }

  /** Renews what this process holds; a lease found lost stops its local session at once (no logout). */
  async function renew() {
    const held = [...live.values()].map((entry) => entry.ref.id);
    if (held.length === 0) return;
    try {
      const renewed = new Set(await store.renewLeases(processId, held, options.leaseMs));
      for (const id of held) {
        const entry = live.get(id);
        if (!entry || renewed.has(id) || entry.starting) continue;
        log.warn({ whatsappId: id }, 'session lease lost to another process: stopping the local session');
        live.delete(id);
        cancelReconnect(entry);
        detach(entry)
          ?.stop()
          .catch(() => undefined);
      }
    } catch (error) {
      log.warn({ err: error }, 'lease renewal failed');
    }
  }

  /**
   * Every node looks for connections whose owner died, at a jittered interval so nodes do not
   * stampede; `soonMs` brings the next look forward (another process just released its sessions).
   */
  function scheduleTakeover(soonMs?: number) {
    if (stopped) return;
    if (takeoverTimer) clearTimeout(takeoverTimer);
    const base = soonMs ?? Math.max(500, Math.floor(options.leaseMs / 3));
    takeoverTimer = setTimeout(
      async () => {
        try {
          const free = (await store.listClaimable()).filter((ref) => !live.has(ref.id));
          if (free.length > 0) log.info({ count: free.length }, 'taking over connections with expired leases');
          await startEach(free);
        } catch (error) {
          log.warn({ err: error }, 'takeover of expired leases failed');
        } finally {
          scheduleTakeover();
        }
      },
      base * (0.75 + Math.random() / 2),
    );
    takeoverTimer.unref();
  }

  /**
   * A process that crashed on this host left its leases behind: its sessions are taken back at
   * start rather than after the lease runs out (a restarted single process on a PostgreSQL server
   * would otherwise wait a whole lease). A holder that may still run keeps its lease.
   */
  async function releaseDeadHolders() {
    if (!options.isDeadHolder) return;
    for (const owner of await store.leaseOwners()) {
      if (owner === processId || !options.isDeadHolder(owner)) continue;
      log.info({ owner }, 'releasing the sessions of a process of this host that is gone');
      await store.releaseLeasesOf(owner);
    }
  }

  return {
    processId,

    /** Another process released its sessions: look for free connections now (with jitter). */
    takeOverSoon() {
      if (options.clustered && takeoverTimer) scheduleTakeover(200);
    },

    /** How many connections this process holds. */
    count: () => live.size,

    /** Whether this process holds the connection's session (or is starting it). */
    holds(whatsappId: number) {
      return live.has(whatsappId);
    },

    /** Every connection of every active company, `startConcurrency` at a time. */
    async startAll() {
      stopped = false;
      if (!options.clustered) await store.clearLeases();
      else await releaseDeadHolders();
      leaseTimer ??= setInterval(() => void renew(), Math.max(500, Math.floor(options.leaseMs / 3)));
      leaseTimer.unref();
      await startEach(await store.listStartable());
      if (options.clustered) scheduleTakeover();
    },

    start,

    /** spec: "new QR": the pairing is forgotten and the session starts again. */
    async newQr(ref: SessionRef) {
      const entry = entryOf(ref);
      await forget(entry);
      await start(ref);
    },

    /** spec: "disconnect": the phone is logged out; nothing restarts by itself. */
    async disconnect(ref: SessionRef) {
      const entry = entryOf(ref);
      await forget(entry);
      await record(entry, { status: 'DISCONNECTED', qrcode: '', retries: 0 });
      await store.releaseLease(ref.id, processId);
    },

    /** The connection was deleted: its pairing rows went with it; unlink the phone if live. */
    async remove(whatsappId: number) {
      const entry = live.get(whatsappId);
      if (!entry) return;
      live.delete(whatsappId);
      cancelReconnect(entry);
      await entry.starting?.catch(() => undefined);
      const session = detach(entry);
      await session?.logout().catch(() => undefined);
    },

    /** The live session of a connection, only while it is connected. */
    connectedSession(whatsappId: number) {
      const entry = live.get(whatsappId);
      return entry?.session && entry.status === 'CONNECTED' ? entry.session : null;
    },

    /** Called (without waiting) each time a session becomes CONNECTED. */
    onConnected(listener: (ref: SessionRef) => void) {
      connectedListeners.push(listener);
    },

    /** Server shutdown: stop every session, keeping its pairing, and let the leases go. */
    async stopAll() {
      stopped = true;
      if (leaseTimer) clearInterval(leaseTimer);
      leaseTimer = null;
      if (takeoverTimer) clearTimeout(takeoverTimer);
      takeoverTimer = null;
      const entries = [...live.values()];
      live.clear();
      await Promise.all(
        entries.map(async (entry) => {
          cancelReconnect(entry);
          await entry.starting?.catch(() => undefined);
          const session = detach(entry);
          await session?.stop().catch(() => undefined);
          await store.releaseLease(entry.ref.id, processId).catch(() => undefined);
        }),
      );
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;
