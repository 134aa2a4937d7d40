import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageSchema, timestampSchema } from './route-contract.ts';
import { routePath } from './route-path.ts';

describe('routePath', () => {
  it('fills each :name segment, encoded, and refuses a missing one', () => {
    expect(routePath({ path: '/api/tags/:id' }, { id: 7 })).toBe('/api/tags/7');
    expect(routePath({ path: '/api/a/:x/b/:y' }, { x: 'a b', y: 'c/d' })).toBe('/api/a/a%20b/b/c%2Fd');
    expect(routePath({ path: '/api/tags' })).toBe('/api/tags');
    expect(() => routePath({ path: '/api/tags/:id' }, {})).toThrow('missing path parameter id');
  });
});

describe('response schemas', () => {
  it('encode a Date or ISO text as the text', () => {
    const at = new Date('2026-12-01T10:00:00.000Z');
    expect(z.encode(timestampSchema, at)).toBe('2026-12-01T10:00:00.000Z');
    expect(z.encode(timestampSchema, '2026-12-01T10:00:00.000Z')).toBe('2026-12-01T10:00:00.000Z');
  });

  it('page a list under its own name with count and hasMore', () => {
    const page = pageSchema('tags', z.object({ id: z.number() }));
    expect(page.parse({ tags: [{ id: 1 }], count: 1, hasMore: false })).toEqual({
      tags: [{ id: 1 }],
      count: 1,
      hasMore: false,
    });
    expect(page.safeParse({ records: [], count: 0, hasMore: false }).success).toBe(false);
  });
});
