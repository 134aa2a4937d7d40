import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './cluster.ts';
import { paced } from './machine-pace.ts';
import { endProcess, freePort, startMainProcess } from './real-process.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const FOUR_MINUTES = paced(240_000);

/** `npm run move-data`: an embedded installation moved to a PostgreSQL server keeps its data and logins. */
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `scaleout_move_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wacrm-move-'));
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

const login = (node: { url: string }) =>
  call(node, 'POST', '/api/auth/login', { body: { email: 'admin@admin.com', password: '123456' } });

describe('moving from the embedded database to a PostgreSQL server', () => {
  it('copies every row, and the server continues the ids', { timeout: FOUR_MINUTES }, async () => {
    const port = await freePort();
    const embedded = await startMainProcess(port, dataDir);
    const node = { url: `http://127.0.0.1:${port}` };
    const token = (await login(node)).body.token;
    expect(
      (await call(node, 'POST', '/api/tags', { token, body: { name: 'Moved tag', color: '#123456' } })).status,
    ).toBe(201);
    expect(await endProcess(embedded, 'SIGTERM')).toBe(0);

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const moved = spawn(process.execPath, ['--import', 'tsx', 'src/move-data.ts'], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    moved.stdout.on('data', (chunk) => (output += chunk));
    moved.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => moved.once('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).toContain('tags: 1 rows');
    // The dashboard's rollup is derived: rebuilt on the target rather than copied.
    expect(output).not.toContain('dashboard_days');

    const serverPort = await freePort();
    const server = await startMainProcess(serverPort, dataDir, { DATABASE_URL: databaseUrl });
    try {
      const onServer = { url: `http://127.0.0.1:${serverPort}` };
      const serverToken = (await login(onServer)).body.token;
      const tags = await call(onServer, 'GET', '/api/tags?searchParam=Moved', { token: serverToken });
      expect(JSON.stringify(tags.body)).toContain('Moved tag');
      const another = await call(onServer, 'POST', '/api/tags', {
        token: serverToken,
        body: { name: 'New tag', color: '#654321' },
      });
      expect(another.status).toBe(201);
    } finally {
      await endProcess(server, 'SIGKILL');
    }
  });
});
