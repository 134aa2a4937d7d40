import { describe, expect, it } from 'vitest';
import { createSessionCache, SESSION_CACHE_MS, SESSION_CACHE_SIZE, type SessionState } from './session-cache.ts';

type Row = SessionState & { profile: string };

function setUp() {
  let clock = 0;
  const database = new Map<number, Row>();
  const reads: number[] = [];
  const told: unknown[] = [];
  let onNews: ((data: unknown) => void) | undefined;
  const cache = createSessionCache<Row>({
    now: () => clock,
    bus: {
      broadcast: async (_news, data) => {
        told.push(data);
      },
      onBroadcast: (_news, handler) => {
        onNews = handler;
      },
    },
  });
  const read = async (id: number) => {
    reads.push(id);
    const row = database.get(id);
    return row ? { ...row } : null;
  };
  return {
    cache,
    database,
    reads,
    told,
    read,
    hear: (data: unknown) => onNews?.(data),
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('session cache', () => {
  it('answers from memory until it expires', async () => {
    const s = setUp();
    s.database.set(1, { id: 1, companyId: 1, tokenVersion: 0, profile: 'user' });
    await s.cache.get(1, 0, s.read);
    await s.cache.get(1, 0, s.read);
    expect(s.reads).toEqual([1]);
    s.tick(SESSION_CACHE_MS);
    await s.cache.get(1, 0, s.read);
    expect(s.reads).toEqual([1, 1]);
  });

  it('reads again for a token newer than the row kept', async () => {
    const s = setUp();
    s.database.set(1, { id: 1, companyId: 1, tokenVersion: 0, profile: 'user' });
    await s.cache.get(1, 0, s.read);
    s.database.set(1, { id: 1, companyId: 1, tokenVersion: 1, profile: 'user' });
    expect((await s.cache.get(1, 1, s.read))?.tokenVersion).toBe(1);
    expect(s.reads).toEqual([1, 1]);
  });

  it('forgets a user, a company, and tells the other processes', async () => {
    const s = setUp();
    s.database.set(1, { id: 1, companyId: 1, tokenVersion: 0, profile: 'user' });
    s.database.set(2, { id: 2, companyId: 1, tokenVersion: 0, profile: 'user' });
    s.database.set(3, { id: 3, companyId: 2, tokenVersion: 0, profile: 'user' });
    for (const id of [1, 2, 3]) await s.cache.get(id, 0, s.read);
    s.cache.forgetUser(1);
    expect(s.cache.size).toBe(2);
    s.cache.forgetCompany(1);
    expect(s.cache.size).toBe(1);
    expect(s.told).toEqual([{ key: 1 }, { group: 1 }]);
    // What another process told: forgotten here, not told again.
    s.hear({ group: 2 });
    expect(s.cache.size).toBe(0);
    expect(s.told).toHaveLength(2);
  });

  it('does not keep a row read before a forget', async () => {
    const s = setUp();
    s.database.set(1, { id: 1, companyId: 1, tokenVersion: 0, profile: 'admin' });
    let release: () => void = () => undefined;
    const slowRead = async (id: number) => {
      const row = await s.read(id);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return row;
    };
    const pending = s.cache.get(1, 0, slowRead);
    await Promise.resolve();
    s.database.set(1, { id: 1, companyId: 1, tokenVersion: 0, profile: 'user' });
    s.cache.forgetUser(1);
    release();
    expect((await pending)?.profile).toBe('admin');
    expect((await s.cache.get(1, 0, s.read))?.profile).toBe('user');
  });

  it('asks once for many requests of one user at the same time', async () => {
    const s = setUp();
    s.database.set(1, { id: 1, companyId: 1, tokenVersion: 0, profile: 'user' });
    await Promise.all(Array.from({ length: 20 }, () => s.cache.get(1, 0, s.read)));
    expect(s.reads).toEqual([1]);
  });

  it('keeps at most its size, dropping the least recently used', async () => {
    const s = setUp();
    for (let id = 1; id <= SESSION_CACHE_SIZE + 1; id += 1) {
      s.database.set(id, { id, companyId: 1, tokenVersion: 0, profile: 'user' });
    }
    await s.cache.get(1, 0, s.read);
    for (let id = 2; id <= SESSION_CACHE_SIZE; id += 1) await s.cache.get(id, 0, s.read);
    await s.cache.get(1, 0, s.read); // used again: now the most recent
    await s.cache.get(SESSION_CACHE_SIZE + 1, 0, s.read);
    expect(s.cache.size).toBe(SESSION_CACHE_SIZE);
    s.reads.length = 0;
    await s.cache.get(1, 0, s.read);
    await s.cache.get(2, 0, s.read);
    expect(s.reads).toEqual([2]);
  });

  it('does not keep a user that does not exist', async () => {
    const s = setUp();
    expect(await s.cache.get(9, 0, s.read)).toBeNull();
    await s.cache.get(9, 0, s.read);
    expect(s.reads).toEqual([9, 9]);
  });
});
