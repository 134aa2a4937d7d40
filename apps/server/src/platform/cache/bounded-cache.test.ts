import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

/** A cache on a clock the test moves by hand. */
function cacheAt(options: { maxEntries: number; ttlMs: number }) {
  let now = 1_000;
  const cache = new BoundedCache<number>({ ...options, now: () => now });
  return { cache, wait: (ms: number) => (now += ms) };
}

describe('BoundedCache', () => {
  it('answers what was set until its time to live has passed, then forgets it', () => {
    const { cache, wait } = cacheAt({ maxEntries: 10, ttlMs: 100 });
    cache.set('1:rastreio', 5_000);
    wait(99);
    expect(cache.get('1:rastreio')).toBe(5_000);
    wait(1);
    expect(cache.get('1:rastreio')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('setting a key again replaces its value and starts its time anew', () => {
    const { cache, wait } = cacheAt({ maxEntries: 10, ttlMs: 100 });
    cache.set('a', 1);
    wait(80);
    cache.set('a', 2);
    wait(80);
    expect(cache.get('a')).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('past its size it drops the least recently used entry, and a read counts as a use', () => {
    const { cache } = cacheAt({ maxEntries: 3, ttlMs: 60_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
  });

  it('keeps one company’s key apart from another’s and forgets on request', () => {
    const { cache } = cacheAt({ maxEntries: 10, ttlMs: 60_000 });
    cache.set('1:joao', 10);
    cache.set('2:joao', 20);
    cache.del('1:joao');
    expect(cache.get('1:joao')).toBeUndefined();
    expect(cache.get('2:joao')).toBe(20);
    cache.flushAll();
    expect(cache.size).toBe(0);
  });
});
