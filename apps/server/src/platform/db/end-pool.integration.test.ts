import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { endPool } from './end-pool.ts';

// The local PostgreSQL server, as for the multi-process tests (TEST_PG_ADMIN_URL overrides it).
const serverUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('ending a PostgreSQL pool', () => {
  it('resolves only once every connection of the pool has closed', async () => {
    const pool = new pg.Pool({ connectionString: serverUrl, max: 3 });
    let closed = 0;
    pool.on('connect', (client) => client.on('end', () => (closed += 1)));
    await Promise.all([1, 2, 3].map(() => pool.query('select pg_sleep(0.05)')));
    expect(pool.totalCount).toBe(3);

    await endPool(pool);
    // `pool.end()` alone resolves with these still closing: a forced drop right then failed a run.
    expect(closed).toBe(3);
  });

  it('ends a pool that never connected', async () => {
    const pool = new pg.Pool({ connectionString: serverUrl });
    await endPool(pool);
    expect(pool.ended).toBe(true);
  });
});
