import { describe, expect, it } from 'vitest';
import { createProcessCache } from './process-cache.ts';

type Row = { companyId: number; value: string };

/** Two processes' caches of the same rows, joined by a bus that hands each news to the other. */
function twoProcesses() {
  const handlers: ((data: unknown) => void)[] = [];
  const told: unknown[] = [];
  const database = new Map<number, Row>([
    [1, { companyId: 10, value: 'a' }],
    [2, { companyId: 10, value: 'b' }],
    [3, { companyId: 20, value: 'c' }],
  ]);
  const reads: number[] = [];
  const read = async (key: number) => {
    reads.push(key);
    return database.get(key) ?? null;
  };
  const make = (index: number) =>
    createProcessCache<Row>({
      news: 'rows-changed',
      ttlMs: 60_000,
      size: 100,
      groupOf: (row) => row.companyId,
      bus: {
        broadcast: async (_news, data) => {
          told.push(data);
          handlers[1 - index]?.(data);
        },
        onBroadcast: (_news, handler) => {
          handlers[index] = handler;
        },
      },
    });
  const a = make(0);
  const b = make(1);
  return { a, b, database, reads, read, told, hearB: (data: unknown) => handlers[1]?.(data) };
}

describe('process cache', () => {
  it('tells the other process what changed, and each forgets what it kept', async () => {
    const p = twoProcesses();
    for (const key of [1, 2, 3]) {
      await p.a.get(key, p.read);
      await p.b.get(key, p.read);
    }
    expect(p.reads).toHaveLength(6);
    p.database.set(1, { companyId: 10, value: 'changed' });
    p.a.forget(1);
    expect((await p.b.get(1, p.read))?.value).toBe('changed');
    expect((await p.a.get(1, p.read))?.value).toBe('changed');
    p.b.forgetGroup(10);
    expect([p.a.size, p.b.size]).toEqual([1, 1]);
    expect(p.told).toEqual([{ key: 1 }, { group: 10 }]);
  });

  it('forgets everything on news it cannot read (another version of the app)', async () => {
    const p = twoProcesses();
    for (const key of [1, 3]) await p.b.get(key, p.read);
    p.hearB({ userId: 1 });
    expect(p.b.size).toBe(0);
  });

  it('reads again when the kept value is not accepted, and keeps the newer one', async () => {
    const p = twoProcesses();
    await p.a.get(1, p.read);
    p.database.set(1, { companyId: 10, value: 'newer' });
    expect((await p.a.get(1, p.read, (row) => row.value === 'newer'))?.value).toBe('newer');
    expect((await p.a.get(1, p.read))?.value).toBe('newer');
    expect(p.reads).toEqual([1, 1]);
  });
});
