import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { loadConfig } from '../src/platform/config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/platform/db/client.ts';
import { seedDatabase } from '../src/seed.ts';

/**
 * A migrated and seeded database is made once per run (PGlite: once per migration set, kept
 * in the temp folder) and copied for every test file, because creating one costs seconds.
 */
const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
const checkoutDir = path.resolve(migrationsDir, '../../..');
// Named after the checkout, so two checkouts on one machine (worktrees, a CI clone) never drop
// each other's template while their suites run.
const TEMPLATE_DB = `wacrm_test_template_${createHash('sha256').update(checkoutDir).digest('hex').slice(0, 8)}`;

function migrationsHash() {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsDir, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

function pgliteTemplateDir() {
  return path.join(os.tmpdir(), `wacrm-pglite-template-${migrationsHash()}`);
}

async function prepare(database: DatabaseHandle) {
  await database.migrate();
  await seedDatabase(database.db, testConfig(os.tmpdir()));
  // pg-boss creates its own schema on first start; do it here once, not in every file.
  // Through our own connection, so closing the database leaves no pool of pg-boss's open.
  const boss = new PgBoss({ db: { executeSql: database.executeSql }, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}

export async function createPgliteTemplate() {
  const dir = pgliteTemplateDir();
  if (existsSync(path.join(dir, 'ready'))) return dir;
  // Built in a folder of this process and renamed into place, so two runs that start together
  // (two checkouts with the same migrations) never write into one folder.
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const database = await openPglite(path.join(building, 'pgdata'));
  await prepare(database);
  await database.close();
  cpSync(path.join(building, 'pgdata', 'PG_VERSION'), path.join(building, 'ready'));
  if (existsSync(path.join(dir, 'ready'))) rmSync(building, { recursive: true, force: true });
  else {
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
  }
  return dir;
}

/**
 * Copies the migrated and seeded embedded database into `pgdataDir` and answers it: an opening
 * that a test needs without testing a new database's creation (initdb costs seconds of CPU).
 */
export async function copyPgliteTemplate(pgdataDir: string) {
  cpSync(path.join(await createPgliteTemplate(), 'pgdata'), pgdataDir, { recursive: true });
  return pgdataDir;
}

export async function createPostgresTemplate(serverUrl: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const database = await openPostgres(withDatabase(serverUrl, TEMPLATE_DB));
  await prepare(database);
  await database.close();
}

/** A fresh database for one test file, copied from the template. */
export async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  dataDir: string;
  dispose: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wacrm-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite(await copyPgliteTemplate(path.join(dataDir, 'pgdata')));
    return {
      database,
      dataDir,
      dispose: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `wacrm_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const database = await openPostgres(withDatabase(serverUrl, name));
  return {
    database,
    dataDir,
    dispose: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(dataDir: string, overrides: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SERVE_WEB_DIST: '',
    LOG_LEVEL: 'silent',
    LOGIN_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_EMAIL: '1000',
    ...overrides,
  });
}

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
