import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from './platform/config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from './platform/db/client.ts';
import { createMediaSigner } from './platform/storage/media-signature.ts';

/**
 * `npm run move-data`: moves an embedded installation (PGlite in DATA_DIR/pgdata, files in
 * DATA_DIR/public) to a PostgreSQL server (DATABASE_URL) and, when S3_* is set, its files to the
 * bucket (docs/deploy.md). The target must be empty: it is migrated first, then every table of
 * ours is copied as JSON rows (so every column type survives as is) and its id sequences are
 * moved past the copied ids. Pending background jobs are not copied: due schedules, unsent
 * messages and routing timers are picked up again by their sweeps once the server runs.
 */
const BATCH = 1_000;

/** Tables computed from others (the dashboard's day rollup): rebuilt on the target, not copied. */
const derivedTables = new Set(['dashboard_days', 'report_hours', 'report_days', 'report_tag_hours', 'report_tag_days']);

async function tablesInOrder(target: DatabaseHandle) {
  // Parents before children: a table comes after every table its foreign keys name.
  const { rows: tables } = await target.executeSql(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const { rows: links } = await target.executeSql(
    `select tc.table_name as child, ccu.table_name as parent
     from information_schema.table_constraints tc
     join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
     where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { name } of tables as { name: string }[]) parents.set(name, new Set());
  for (const { child, parent } of links as { child: string; parent: string }[]) {
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    if (ordered.includes(name) || seen.has(name)) return;
    seen.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, seen);
    ordered.push(name);
  };
  for (const name of parents.keys()) visit(name, new Set());
  // Drizzle's own bookkeeping was written by the target's migration.
  return ordered.filter((name) => !name.startsWith('__drizzle'));
}

async function copyTable(source: DatabaseHandle, target: DatabaseHandle, table: string) {
  const quoted = `"${table.replace(/"/g, '""')}"`;
  let copied = 0;
  for (let offset = 0; ; offset += BATCH) {
    const { rows } = await source.executeSql(
      `select coalesce(json_agg(row_to_json(t)), '[]'::json) as rows
       from (select * from ${quoted} order by 1 limit ${BATCH} offset ${offset}) t`,
      [],
    );
    const batch = (rows[0] as { rows: unknown[] }).rows;
    if (batch.length === 0) break;
    await target.executeSql(`insert into ${quoted} select * from json_populate_recordset(null::${quoted}, $1::json)`, [
      JSON.stringify(batch),
    ]);
    copied += batch.length;
    if (batch.length < BATCH) break;
  }
  // Serial columns continue after the copied ids.
  const { rows: serials } = await target.executeSql(
    `select column_name as name, pg_get_serial_sequence($1, column_name) as sequence
     from information_schema.columns where table_schema = 'public' and table_name = $2
       and pg_get_serial_sequence($1, column_name) is not null`,
    [quoted, table],
  );
  for (const { name, sequence } of serials as { name: string; sequence: string }[]) {
    await target.executeSql(
      `select setval($1, coalesce((select max("${name.replace(/"/g, '""')}") from ${quoted}), 0) + 1, false)`,
      [sequence],
    );
  }
  return copied;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError('move-data: set DATABASE_URL to the PostgreSQL server to move to');
  const source = await openPglite(path.join(config.dataDir, 'pgdata'));
  const target = await openPostgres(config.databaseUrl);
  try {
    await target.migrate();
    const { rows } = await target.executeSql('select count(*)::int as n from companies');
    if ((rows[0] as { n: number }).n > 0) throw new Error('move-data: the target database is not empty');
    for (const table of await tablesInOrder(target)) {
      if (derivedTables.has(table)) continue;
      const count = await copyTable(source, target, table);
      console.log(`${table}: ${count} rows`);
    }
    // The rollup's triggers fired while tickets and settings arrived in table order: rebuild it whole.
    await target.executeSql('select dashboard_rebuild(id) from companies');
    await target.executeSql('select report_rebuild(id) from companies');
    if (config.s3) {
      const { createS3Storage } = await import('./platform/storage/s3-storage.ts');
      const bucket = createS3Storage(
        config.s3,
        createMediaSigner(config.jwtSecret),
        path.join(config.dataDir, 'media-cache'),
      );
      const files = await listFiles(config.publicDir);
      for (const file of files) {
        await bucket.put(path.relative(config.publicDir, file).split(path.sep).join('/'), await readFile(file));
      }
      bucket.close();
      console.log(`media: ${files.length} files uploaded to ${config.s3.bucket}`);
    } else {
      console.log(`media: left in ${config.publicDir} (the server keeps using DATA_DIR/public)`);
    }
  } finally {
    await source.close();
    await target.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
