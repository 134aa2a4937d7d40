import { describe, expect, it } from 'vitest';
import { createConnectionCache } from './connection-cache.ts';

describe('createConnectionCache', () => {
  it('answers from memory for the owning company only, and reads again after forget', async () => {
    const reads: number[] = [];
    let provider = 'sandbox';
    const cache = createConnectionCache(async (companyId: number, id: number) => {
      reads.push(companyId);
      return companyId === 1 ? { id, companyId: 1, provider } : null;
    });
    expect(await cache.find(1, 5)).toMatchObject({ provider: 'sandbox' });
    expect(await cache.find(1, 5)).toMatchObject({ provider: 'sandbox' });
    expect(await cache.find(2, 5)).toBeNull();
    expect(reads).toEqual([1]);
    provider = 'baileys';
    cache.forget(5);
    expect(await cache.find(1, 5)).toMatchObject({ provider: 'baileys' });
    expect(reads).toEqual([1, 1]);
  });

  it('does not keep a row read before a forget', async () => {
    let release: () => void = () => undefined;
    let provider = 'sandbox';
    const cache = createConnectionCache(async (_companyId: number, id: number) => {
      const seen = provider;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { id, companyId: 1, provider: seen };
    });
    const stale = cache.find(1, 5);
    provider = 'baileys';
    cache.forget(5);
    release();
    expect(await stale).toMatchObject({ provider: 'sandbox' });
    const fresh = cache.find(1, 5);
    release();
    expect(await fresh).toMatchObject({ provider: 'baileys' });
  });

  it('reads again once a row is older than its few seconds', async () => {
    let clock = 0;
    let reads = 0;
    const cache = createConnectionCache(
      async (_companyId: number, id: number) => {
        reads += 1;
        return { id, companyId: 1 };
      },
      () => clock,
    );
    await cache.find(1, 5);
    clock = 4_999;
    await cache.find(1, 5);
    clock = 5_001;
    await cache.find(1, 5);
    expect(reads).toBe(2);
  });
});
