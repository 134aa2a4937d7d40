import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelAdapter, ChannelSession, ChannelSessionEvents } from './channel-adapter.ts';
import { createSessionManager, type SessionRef, type SessionStatusChange } from './session-manager.ts';

/** A provider whose sessions the test drives by hand. */
function fakeAdapter() {
  const started: {
    ref: { id: number };
    events: ChannelSessionEvents;
    session: ChannelSession & { stopped: boolean; loggedOut: boolean };
  }[] = [];
  let running = 0;
  let maxRunning = 0;
  const adapter: ChannelAdapter = {
    provider: 'sandbox',
    async start(connection, events) {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      const session = {
        stopped: false,
        loggedOut: false,
        send: async () => ({ externalId: 'x' }),
        deleteForEveryone: async () => undefined,
        markRead: async () => undefined,
        fetchProfilePicture: async () => null,
        async stop() {
          session.stopped = true;
        },
        async logout() {
          session.loggedOut = true;
        },
      };
      started.push({ ref: connection, events, session });
      return session;
    },
  };
  return { adapter, started, maxRunning: () => maxRunning };
}

function setup(refs: SessionRef[] = [], options: { leaseMs?: number; clustered?: boolean } = {}) {
  const fake = fakeAdapter();
  const statuses: (SessionStatusChange & { id: number })[] = [];
  const store = {
    listStartable: async () => refs,
    recordStatus: async (_companyId: number, id: number, change: SessionStatusChange) => {
      statuses.push({ id, ...change });
    },
    forgetPairing: vi.fn(async () => undefined),
    claimLease: vi.fn(async () => true),
    renewLeases: vi.fn(async (_owner: string, ids: number[]) => ids),
    releaseLease: vi.fn(async () => undefined),
    listClaimable: vi.fn(async () => [] as SessionRef[]),
    clearLeases: vi.fn(async () => undefined),
    leaseOwners: vi.fn(async () => [] as string[]),
    releaseLeasesOf: vi.fn(async () => undefined),
  };
  const manager = createSessionManager({
    adapters: [fake.adapter],
    store,
    inbound: {
      onMessage: async () => undefined,
      onMessageUpdate: async () => undefined,
      onAck: async () => undefined,
      onCall: async () => undefined,
    },
    log: pino({ level: 'silent' }),
    options: { backoff: { baseMs: 20, maxMs: 40, jitter: 0 }, ...options },
  });
  return { fake, statuses, store, manager };
}

const ref = (id: number): SessionRef => ({ id, companyId: 1, name: `c${id}`, provider: 'sandbox' });

describe('session manager', () => {
  it('starts every connection with at most 3 at a time', async () => {
    const { fake, manager } = setup(Array.from({ length: 8 }, (_, index) => ref(index + 1)));
    await manager.startAll();
    expect(fake.started).toHaveLength(8);
    expect(fake.maxRunning()).toBeLessThanOrEqual(3);
    await manager.stopAll();
  });

  it('ends a QR nobody scans after 3 renewals as DISCONNECTED', async () => {
    const { fake, statuses, manager } = setup();
    await manager.start(ref(1));
    const { events, session } = fake.started[0];
    for (let qr = 0; qr < 4; qr++) await events.onStatus({ status: 'qrcode', qrcode: `qr-${qr}` });
    expect(statuses.at(-1)).toMatchObject({ status: 'qrcode', qrcode: 'qr-3', retries: 3 });
    await events.onStatus({ status: 'qrcode', qrcode: 'qr-4' });
    expect(statuses.at(-1)).toMatchObject({ status: 'DISCONNECTED', qrcode: '' });
    expect(session.stopped).toBe(true);
    expect(manager.connectedSession(1)).toBeNull();
  });

  it('reconnects a dropped session after a backoff, and stops without logging out', async () => {
    const { fake, statuses, manager } = setup();
    const connected = vi.fn();
    manager.onConnected(connected);
    await manager.start(ref(1));
    await fake.started[0].events.onStatus({ status: 'CONNECTED', number: '5511' });
    await vi.waitFor(() => expect(connected).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    expect(manager.connectedSession(1)).toBe(fake.started[0].session);

    await fake.started[0].events.onStatus({ status: 'TIMEOUT' });
    expect(fake.started[0].session.stopped).toBe(true);
    expect(fake.started).toHaveLength(1);
    await vi.waitFor(() => expect(fake.started).toHaveLength(2), { timeout: 20_000 });
    // Late events of the replaced session are ignored.
    await fake.started[0].events.onStatus({ status: 'DISCONNECTED' });
    expect(statuses.at(-1)?.status).toBe('OPENING');

    await fake.started[1].events.onStatus({ status: 'CONNECTED' });
    await manager.stopAll();
    expect(fake.started[1].session.stopped).toBe(true);
    expect(fake.started[1].session.loggedOut).toBe(false);
  });

  it('a logged-out phone is not reconnected; disconnect logs out', async () => {
    const { fake, store, manager } = setup();
    await manager.start(ref(1));
    await fake.started[0].events.onStatus({ status: 'DISCONNECTED' });
    // Longer than the largest backoff (40 ms), so a reconnect would have started by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.started).toHaveLength(1);

    await manager.start(ref(1));
    await manager.disconnect(ref(1));
    expect(fake.started[1].session.loggedOut).toBe(true);
    expect(store.forgetPairing).toHaveBeenCalledWith(1);
    await manager.stopAll();
  });

  it('starts nothing when another process holds the lease', async () => {
    const { fake, store, manager } = setup([], { clustered: true });
    store.claimLease.mockResolvedValueOnce(false);
    await manager.start(ref(1));
    expect(fake.started).toHaveLength(0);
    expect(manager.holds(1)).toBe(false);
  });

  it('stops its session at once, without logging out, when a renewal finds the lease lost', async () => {
    const { fake, store, manager } = setup([ref(1)], { leaseMs: 1_500, clustered: true });
    store.renewLeases.mockImplementation(async () => []);
    await manager.startAll();
    expect(fake.started).toHaveLength(1);
    await vi.waitFor(() => expect(fake.started[0].session.stopped).toBe(true), { timeout: 20_000 });
    expect(fake.started[0].session.loggedOut).toBe(false);
    expect(manager.holds(1)).toBe(false);
    await manager.stopAll();
  });

  it('claims connections whose lease expired, and releases its own on stop', async () => {
    const { fake, store, manager } = setup([], { leaseMs: 1_500, clustered: true });
    store.listClaimable.mockResolvedValueOnce([ref(7)]);
    await manager.startAll();
    await vi.waitFor(() => expect(fake.started.map((entry) => entry.ref.id)).toEqual([7]), { timeout: 20_000 });
    expect(store.claimLease).toHaveBeenCalledWith(1, 7, manager.processId, 1_500);
    await manager.stopAll();
    expect(store.releaseLease).toHaveBeenCalledWith(7, manager.processId);
    expect(fake.started[0].session.loggedOut).toBe(false);
  });
});
