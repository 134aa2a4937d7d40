import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database-template.ts';
import { waitUntil } from '../../../test/eventually.ts';
import { startTestServer } from '../../../test/test-server.ts';
import type { DatabaseHandle } from './client.ts';
import { keepTablesUp, upkeepOf } from './table-upkeep.ts';

describe('upkeepOf', () => {
  const table = { name: 'public.t', rows: 10_000, deadRows: 0, changedSinceAnalyze: 0, analyzed: true, stored: true };

  it('vacuums a table once a fifth of it is dead rows, and analyzes it once a tenth changed', () => {
    expect(upkeepOf({ ...table, deadRows: 2_050 })).toBeNull();
    expect(upkeepOf({ ...table, deadRows: 2_051 })).toBe('vacuum');
    expect(upkeepOf({ ...table, changedSinceAnalyze: 1_050 })).toBeNull();
    expect(upkeepOf({ ...table, changedSinceAnalyze: 1_051 })).toBe('analyze');
    expect(upkeepOf({ ...table, deadRows: 5_000, changedSinceAnalyze: 5_000 })).toBe('vacuum');
  });

  it('counts a table never vacuumed or analyzed (-1 rows) as empty: 50 changed rows are enough', () => {
    expect(upkeepOf({ ...table, rows: -1, changedSinceAnalyze: 51 })).toBe('analyze');
    expect(upkeepOf({ ...table, rows: -1, changedSinceAnalyze: 50 })).toBeNull();
  });

  it('analyzes a table with rows and no statistics, whatever its counters say (PGlite forgets them at a restart)', () => {
    expect(upkeepOf({ ...table, analyzed: false })).toBe('analyze');
    expect(upkeepOf({ ...table, rows: 0, analyzed: false, stored: false })).toBeNull();
  });
});

describe('keepTablesUp', () => {
  let database: DatabaseHandle;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  const activity = async () =>
    (
      await database.executeSql(
        `select n_dead_tup::int as dead, n_mod_since_analyze::int as changed,
                (select count(*)::int from pg_stats where tablename = 'upkeep_probe') as statistics
           from pg_stat_user_tables where relname = 'upkeep_probe'`,
        [],
      )
    ).rows[0] as { dead: number; changed: number; statistics: number } | undefined;

  it('analyzes a table without statistics, one that changed, and vacuums one full of dead rows', async () => {
    // Out of a PostgreSQL server's autovacuum, which could otherwise do the work first.
    await database.executeSql(
      'create table upkeep_probe (id int primary key, note text) with (autovacuum_enabled = false)',
    );
    await database.executeSql("insert into upkeep_probe select g, 'first' from generate_series(1, 1000) g");
    // A PostgreSQL server publishes a backend's counters within a second or so.
    await waitUntil(async () => (await activity())?.changed === 1000, undefined, 'the inserts counted');
    // What a restart of PGlite leaves: the rows, and counters back at zero.
    await database.executeSql(`select pg_stat_reset_single_table_counters('upkeep_probe'::regclass)`, []);
    await waitUntil(async () => (await activity())?.changed === 0, undefined, 'the counters reset');
    expect((await activity())?.statistics).toBe(0);

    expect(await keepTablesUp(database.executeSql)).toContainEqual({ table: 'public.upkeep_probe', upkeep: 'analyze' });
    expect(await activity()).toMatchObject({ changed: 0, statistics: 2 });

    await database.executeSql("update upkeep_probe set note = 'second' where id <= 600");
    await waitUntil(async () => (await activity())?.dead === 600, undefined, 'the dead rows counted');
    expect(await keepTablesUp(database.executeSql)).toContainEqual({ table: 'public.upkeep_probe', upkeep: 'vacuum' });
    expect(await activity()).toMatchObject({ dead: 0, changed: 0 });

    // Nothing changed since: nothing to do for this table.
    const again = await keepTablesUp(database.executeSql);
    expect(again.map((done) => done.table)).not.toContain('public.upkeep_probe');

    // More than a tenth of it new (and 50 rows): analyzed again.
    await database.executeSql("insert into upkeep_probe select g, 'third' from generate_series(1001, 1200) g");
    await waitUntil(async () => (await activity())?.changed === 200, undefined, 'the new rows counted');
    expect(await keepTablesUp(database.executeSql)).toContainEqual({ table: 'public.upkeep_probe', upkeep: 'analyze' });
  });
});

describe('the upkeep job', () => {
  it('is scheduled for the embedded database only: a PostgreSQL server has autovacuum', async () => {
    const t = await startTestServer();
    try {
      const { rows } = await t.database.executeSql(`select name, cron from pgboss.schedule where name = $1`, [
        'database.upkeep',
      ]);
      expect(rows).toEqual(t.database.kind === 'pglite' ? [{ name: 'database.upkeep', cron: '*/5 * * * *' }] : []);
    } finally {
      await t.close();
    }
  });
});
