import { z } from 'zod';
import { defineJob } from '../jobs/job-queue.ts';
import type { SqlExecutor } from './client.ts';

/**
 * What a PostgreSQL server's autovacuum does, done by the server for the embedded database. PGlite
 * runs one backend and no autovacuum launcher: left alone, its tables are never analyzed (the
 * planner guesses every estimate; a name search took 8.4 s instead of 4.6 ms at 100,000 tickets)
 * and never vacuumed (dead rows pile up in the tables and their indexes). docs/performance-log.md,
 * "The embedded database's upkeep".
 */

/** One table's counters, from `pg_stat_user_tables`. */
export interface TableActivity {
  /** Schema-qualified and quoted, ready for a statement. */
  name: string;
  /** The planner's row count; -1 before the table's first VACUUM or ANALYZE. */
  rows: number;
  deadRows: number;
  changedSinceAnalyze: number;
  /** Whether ANALYZE ever wrote the planner's statistics for it. */
  analyzed: boolean;
  /** Whether its file holds any page (a table never written to needs nothing). */
  stored: boolean;
}

export type Upkeep = 'vacuum' | 'analyze';

/**
 * autovacuum's own thresholds and scale factors (PostgreSQL's defaults): a table is vacuumed once
 * a fifth of it is dead rows, analyzed once a tenth of it changed, and small tables once 50 rows.
 * PGlite keeps none of these counters across a restart, so a table with rows and no statistics
 * (written before this job existed, or before a restart) is analyzed whatever they say.
 */
export function upkeepOf(table: TableActivity): Upkeep | null {
  const rows = Math.max(table.rows, 0);
  if (table.deadRows > 50 + 0.2 * rows) return 'vacuum';
  if (table.changedSinceAnalyze > 50 + 0.1 * rows) return 'analyze';
  if (!table.analyzed && table.stored) return 'analyze';
  return null;
}

/** Vacuums (and analyzes) or analyzes every table that needs it, one at a time; answers what it did. */
export async function keepTablesUp(executeSql: SqlExecutor) {
  const { rows } = await executeSql(
    `select format('%I.%I', s.schemaname, s.relname) as name, c.reltuples::float8 as rows,
            s.n_dead_tup::float8 as "deadRows", s.n_mod_since_analyze::float8 as "changedSinceAnalyze",
            exists (select 1 from pg_stats st where st.schemaname = s.schemaname and st.tablename = s.relname) as analyzed,
            pg_relation_size(s.relid) > 0 as stored
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      order by s.relname`,
  );
  const done: { table: string; upkeep: Upkeep }[] = [];
  for (const table of rows as TableActivity[]) {
    const upkeep = upkeepOf(table);
    if (!upkeep) continue;
    // VACUUM cannot run in a transaction: each statement stands alone. ANALYZE comes with it, since
    // a table with that many dead rows has changed as much.
    await executeSql(upkeep === 'vacuum' ? `vacuum (analyze) ${table.name}` : `analyze ${table.name}`);
    done.push({ table: table.name, upkeep });
  }
  return done;
}

/**
 * Every five minutes, like autovacuum's look at each database (its naptime is one minute per
 * database). A tick found up to a minute late is fine here, so its worker polls once a minute
 * instead of every few seconds: each poll is a query on PGlite's one thread.
 */
export const tableUpkeepJob = defineJob({
  name: 'database.upkeep',
  payload: z.object({}).passthrough(),
  cron: '*/5 * * * *',
  pollingIntervalSeconds: 60,
});
