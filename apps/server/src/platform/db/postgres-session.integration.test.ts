import { describe, expect, it } from 'vitest';
import { openPostgres } from './client.ts';

// The local PostgreSQL server, as for the multi-process tests (TEST_PG_ADMIN_URL overrides it).
const serverUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('the server’s PostgreSQL connections', () => {
  it('run without JIT compilation, on every connection of the pool', async () => {
    const database = await openPostgres(serverUrl);
    try {
      // Held open together, so the answers come from several connections, not one reused.
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() =>
          database.executeSql("select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)"),
        ),
      );
      const rows = answers.map(({ rows: [row] }) => row as { jit: string; pid: number });
      expect(new Set(rows.map((row) => row.pid)).size).toBe(4);
      expect(rows.map((row) => row.jit)).toEqual(['off', 'off', 'off', 'off']);
    } finally {
      await database.close();
    }
  });
});
