import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { type BaileysEventMap, DisconnectReason, type UserFacingSocketConfig, type WAMessage } from 'baileys';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../../../test/database-template.ts';
import { buildCompany } from '../../../../../test/factories.ts';
import type { Database } from '../../../../platform/db/client.ts';
import { whatsapps } from '../../../../platform/db/schema.ts';
import { createSessionManager, type SessionRef, type SessionStatusChange } from '../../session-manager.ts';
import type { BaileysLogger, BaileysSocket } from './baileys-socket.ts';
import { createBaileysAdapter } from './index.ts';

/**
 * The real Baileys adapter on fake sockets, run by the real session manager: a link that keeps
 * dropping comes back after growing waits (capped), never in a tight loop, and a connection
 * that opens again starts the series over.
 */

/** Just enough of Baileys' socket for the lifecycle: events in, nothing sent. */
class DroppingSocket implements BaileysSocket {
  readonly emitter = new EventEmitter();
  readonly ev = {
    on: (event: string, listener: (payload: unknown) => void) => this.emitter.on(event, listener),
    off: (event: string, listener: (payload: unknown) => void) => this.emitter.off(event, listener),
  } as BaileysSocket['ev'];
  user: { id: string } | undefined;
  readonly createdAt = Date.now();
  sendMessage = vi.fn(async () => undefined as WAMessage | undefined);
  readMessages = vi.fn(async () => undefined);
  profilePictureUrl = vi.fn(async () => undefined);
  groupMetadata = vi.fn(async () => ({}) as never);
  logout = vi.fn(async () => undefined);
  end = vi.fn();

  constructor(readonly config: UserFacingSocketConfig) {}

  emit<E extends keyof BaileysEventMap>(event: E, payload: BaileysEventMap[E]) {
    this.emitter.emit(event, payload);
  }

  open() {
    this.user = { id: '5511999990000:3@s.whatsapp.net' };
    this.emit('connection.update', { connection: 'open' });
  }

  /** The link drops the way a network failure does (428, connection closed). */
  drop() {
    const error = Object.assign(new Error('Connection Closed'), {
      output: { statusCode: DisconnectReason.connectionClosed },
    });
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }
}

function silentLogger(): BaileysLogger {
  const logger: BaileysLogger = {
    level: 'warn',
    child: () => silentLogger(),
    trace: () => undefined,
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  };
  return logger;
}

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;
beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
});
afterAll(() => handle?.dispose());

const BASE_MS = 40;
const MAX_MS = 320;

function wire(connection: SessionRef) {
  const sockets: DroppingSocket[] = [];
  const statuses: SessionStatusChange[] = [];
  // The manager's own log says which delay it chose for each reconnect.
  const delays: number[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk)) as { msg: string; delay?: number };
      if (line.msg.startsWith('session dropped') && line.delay !== undefined) delays.push(line.delay);
      done();
    },
  });
  const adapter = createBaileysAdapter({
    db,
    logger: silentLogger(),
    createSocket: (config) => {
      const socket = new DroppingSocket(config);
      sockets.push(socket);
      return socket;
    },
  });
  const manager = createSessionManager({
    adapters: [adapter],
    store: {
      listStartable: async () => [connection],
      recordStatus: async (_companyId, _id, change) => {
        statuses.push(change);
      },
      forgetPairing: async () => undefined,
      takeLease: async () => undefined,
      renewLeases: async () => undefined,
      releaseLease: async () => undefined,
    },
    inbound: {
      onMessage: async () => undefined,
      onMessageUpdate: async () => undefined,
      onAck: async () => undefined,
      onCall: async () => undefined,
    },
    log: pino({ level: 'info' }, logStream),
    // No jitter, so the expected waits are exact.
    options: { backoff: { baseMs: BASE_MS, maxMs: MAX_MS, jitter: 0 } },
  });
  /** Waits for socket number `count` (1-based) to exist, and answers it. */
  const socketNumber = async (count: number) => {
    await vi.waitFor(() => expect(sockets.length).toBeGreaterThanOrEqual(count), { timeout: 5_000, interval: 5 });
    // Let start() hand the session to the manager before the socket reports anything.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return sockets[count - 1];
  };
  return { manager, sockets, statuses, delays, socketNumber };
}

describe('baileys adapter under the session manager: reconnect backoff', () => {
  it('reconnects a link that keeps dropping after doubling waits, capped, and starts over once open', async () => {
    const company = await buildCompany(db);
    const [row] = await db.insert(whatsapps).values({ companyId: company.id, name: 'Flaky link' }).returning();
    const ref: SessionRef = { id: row.id, companyId: company.id, name: row.name, provider: 'baileys' };
    const { manager, sockets, statuses, delays, socketNumber } = wire(ref);
    await manager.startAll();

    // Paired and open, then the link drops six times in a row without ever opening.
    (await socketNumber(1)).open();
    await vi.waitFor(() => expect(manager.connectedSession(ref.id)).not.toBeNull());
    const dropTimes: number[] = [];
    for (let drop = 1; drop <= 6; drop++) {
      dropTimes.push(Date.now());
      (await socketNumber(drop)).drop();
    }
    await socketNumber(7);

    expect(delays).toEqual([40, 80, 160, 320, 320, 320]);
    // Each new socket waited at least its delay after the drop: no tight loop.
    for (let attempt = 0; attempt < 6; attempt++) {
      expect(sockets[attempt + 1].createdAt - dropTimes[attempt]).toBeGreaterThanOrEqual(delays[attempt] - 5);
    }
    // Every drop was stored as TIMEOUT and followed by a new OPENING; only one socket is live.
    expect(statuses.filter((change) => change.status === 'TIMEOUT')).toHaveLength(6);
    expect(statuses.filter((change) => change.status === 'OPENING')).toHaveLength(7);
    // The dropped sockets keep no listeners: nothing of theirs can report again.
    expect(sockets.slice(0, 6).map((socket) => socket.emitter.listenerCount('connection.update'))).toEqual(
      Array(6).fill(0),
    );
    expect(manager.connectedSession(ref.id)).toBeNull();

    // Open again: the next drop waits the base delay again.
    sockets[6].open();
    await vi.waitFor(() => expect(manager.connectedSession(ref.id)).not.toBeNull());
    sockets[6].drop();
    await socketNumber(8);
    expect(delays.at(-1)).toBe(BASE_MS);

    // Nothing more happens on its own: one socket per reconnect, no burst.
    await new Promise((resolve) => setTimeout(resolve, 3 * MAX_MS));
    expect(sockets).toHaveLength(8);
    await manager.stopAll();
    expect(sockets[7].logout).not.toHaveBeenCalled();
  }, 20_000);
});
