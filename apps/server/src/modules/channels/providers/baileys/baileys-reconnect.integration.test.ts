import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../../test/database-template.ts';
import { expectEventually } from '../../../../../test/eventually.ts';
import { buildCompany } from '../../../../../test/factories.ts';
import { paced } from '../../../../../test/machine-pace.ts';
import type { Database } from '../../../../platform/db/client.ts';
import { whatsapps } from '../../../../tables.ts';
import { createSessionManager, type SessionRef, type SessionStatusChange } from '../../session-manager.ts';
import { fakeSocketFactory, silentLogger } from './fake-baileys-socket.test-helper.ts';
import { createBaileysAdapter } from './index.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const TWENTY_SECONDS = paced(20_000);

/**
 * The real Baileys adapter on fake sockets, run by the real session manager: a link that keeps
 * dropping comes back after growing waits (capped), never in a tight loop, and a connection
 * that opens again starts the series over.
 */

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
  const { sockets, createSocket } = fakeSocketFactory();
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
  const adapter = createBaileysAdapter({ db, logger: silentLogger(), createSocket });
  const manager = createSessionManager({
    adapters: [adapter],
    store: {
      listStartable: async () => [connection],
      recordStatus: async (_companyId, _id, change) => {
        statuses.push(change);
      },
      forgetPairing: async () => undefined,
      claimLease: async () => true,
      renewLeases: async (_owner, ids) => ids,
      releaseLease: async () => undefined,
      listClaimable: async () => [],
      clearLeases: async () => undefined,
      leaseOwners: async () => [],
      releaseLeasesOf: async () => undefined,
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
    await expectEventually(() => expect(sockets.length).toBeGreaterThanOrEqual(count));
    // Let start() hand the session to the manager before the socket reports anything.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return sockets[count - 1];
  };
  return { manager, sockets, statuses, delays, socketNumber };
}

describe('baileys adapter under the session manager: reconnect backoff', () => {
  it('reconnects a link that keeps dropping after doubling waits, capped, and starts over once open', {
    timeout: TWENTY_SECONDS,
  }, async () => {
    const company = await buildCompany(db);
    const [row] = await db.insert(whatsapps).values({ companyId: company.id, name: 'Flaky link' }).returning();
    const ref: SessionRef = { id: row.id, companyId: company.id, name: row.name, provider: 'baileys' };
    const { manager, sockets, statuses, delays, socketNumber } = wire(ref);
    await manager.startAll();

    // Paired and open, then the link drops six times in a row without ever opening.
    (await socketNumber(1)).open();
    await expectEventually(() => expect(manager.connectedSession(ref.id)).not.toBeNull());
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
    await expectEventually(() => expect(manager.connectedSession(ref.id)).not.toBeNull());
    sockets[6].drop();
    await socketNumber(8);
    expect(delays.at(-1)).toBe(BASE_MS);

    // Nothing more happens on its own: one socket per reconnect, no burst.
    await new Promise((resolve) => setTimeout(resolve, 3 * MAX_MS));
    expect(sockets).toHaveLength(8);
    await manager.stopAll();
    expect(sockets[7].logout).not.toHaveBeenCalled();
  });
});
