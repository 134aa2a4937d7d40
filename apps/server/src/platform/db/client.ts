import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { repositoryRoot } from '../config.ts';
import { endPool } from './end-pool.ts';
import { openPgliteThread } from './pglite-thread.ts';

/**
 * Queries are built from the tables their modules export (`src/tables.ts`), never through
 * Drizzle's relational `db.query` API, so the client is opened without the table list and the
 * platform needs to know no table.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** The rows of a raw SQL query (both drivers answer `{ rows }` to `execute`). */
export async function queryRows<T>(handle: Database, query: SQL): Promise<T[]> {
  return ((await handle.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Runs raw SQL for libraries that bring their own (pg-boss); returns the rows of the last result. */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  executeSql: SqlExecutor;
  /** Set for a PostgreSQL server: libraries may open their own pool with it. */
  connectionString?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(repositoryRoot, 'apps/server/drizzle');

/**
 * PostgreSQL server when a URL is given, else an embedded PGlite database in `dataDir/pgdata`.
 * `onLost` hears of an embedded database that stopped on its own (a PostgreSQL server's pool
 * reconnects by itself, so it never calls it).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onLost?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'pgdata'), options.onLost);
}

export async function openPglite(directory: string, onLost?: (error: Error) => void): Promise<DatabaseHandle> {
  // PGlite runs in a thread of its own, so that its work does not block the event loop.
  const thread = await openPgliteThread(directory, { onLost });
  const db = drizzlePglite({ client: thread as unknown as PGlite }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    // PGlite runs parameterless scripts (several statements) only through exec().
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await thread.query(text, values)).rows };
      const results = await thread.exec(text);
      const withRows = [...results].reverse().find((result) => result.rows.length > 0);
      return { rows: withRows?.rows ?? [] };
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => thread.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // No JIT compilation: our statements read a page through indexes, yet one whose estimate is
    // large (a search's index fallback over millions of messages, planned but rarely run) crossed
    // `jit_above_cost` and spent ~750 ms compiling for a 10 ms run (docs/decisions/hardening.md,
    // "No JIT"). The pool waits for it before it hands the new connection out.
    onConnect: async (client) => {
      await client
        .query('set jit = off')
        .catch((error: Error) => console.warn('PostgreSQL: jit not turned off:', error.message));
    },
  });
  // An idle client whose connection the server ended (restart, failover, admin) emits 'error' on
  // the pool; unhandled, it would crash the process. The pool replaces the client on next use.
  pool.on('error', (error) => console.warn('PostgreSQL idle client error:', error.message));
  // Surface a wrong URL at start rather than at the first request.
  await pool.query('select 1');
  const db = drizzleNodePg(pool) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    connectionString,
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    migrate: () => migrateNodePg(db as never, { migrationsFolder }),
    close: () => endPool(pool),
  };
}
