import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { copyPgliteTemplate } from './database-template.ts';
import { waitUntil } from './eventually.ts';
import { pastDeadline } from './machine-pace.ts';

/**
 * The real server as `npm start` runs it, built (test/global-setup.ts), as a child process, for
 * tests that stop, kill and start the server the way an operator or a crash would.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A new data folder that holds a copy of the suite's migrated and seeded embedded database, for a
 * test whose subject is a restart rather than a first start: on an empty folder the first start
 * migrates and seeds, some 5 CPU-seconds such a test does not need. The template is the one the
 * PGlite run made (test/global-setup.ts); a PostgreSQL run makes it once.
 */
export async function migratedDataDir(prefix: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  await copyPgliteTemplate(path.join(dataDir, 'pgdata'));
  return dataDir;
}

/**
 * Starts the built `main.js` on the embedded database in `dataDir` (no DATABASE_URL, as on a bare
 * machine) and resolves once `/api/health` says it is ready.
 */
export async function startMainProcess(port: number, dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(inject('serverBuild'), 'main.js')], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SERVE_WEB_DIST: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  // 90 s on a quiet machine, stretched while the machine is busy (machine-pace.ts).
  const startedAt = Date.now();
  while (!pastDeadline(startedAt, 90_000)) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      // Ready, not only listening: /api/health answers as soon as HTTP listens, before the jobs,
      // the bus and the sessions have started, and a test that asks at once sees them starting.
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

/** Ends the process the way it was asked (SIGTERM: a graceful stop; SIGKILL: a crash); resolves with its exit code. */
export function endProcess(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL') {
  return new Promise<number | null>((resolve) => {
    // A process that already ended (by a signal too) emits no second 'exit'.
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

/** A JSON call to the API with one user's token: status and parsed body (null when none). */
export type ApiCaller = (method: string, url: string, body?: unknown) => Promise<{ status: number; body: never }>;

/**
 * Signs in as the super admin a first start creates and answers a caller with that token. The
 * token stays valid across restarts on the same data (the secrets are kept in the data folder).
 */
export async function adminCaller(base: string): Promise<ApiCaller> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
  });
  const { token } = (await login.json()) as { token: string };
  return async (method, url, body) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as never };
  };
}

/** Adds a sandbox connection (with any other fields given), scans its QR code and waits until it is CONNECTED. */
export async function pairedSandbox(call: ApiCaller, fields: Record<string, unknown> = {}) {
  const connection = (await call('POST', '/api/whatsapp', { name: 'Sandbox', provider: 'sandbox', ...fields }))
    .body as { id: number };
  const statusOf = async () =>
    ((await call('GET', `/api/whatsapp/${connection.id}`)).body as { status: string }).status;
  await waitUntil(async () => (await statusOf()) === 'qrcode', 20_000, 'qrcode');
  await call('POST', `/api/sandbox/${connection.id}/scan`);
  await waitUntil(async () => (await statusOf()) === 'CONNECTED', 20_000, 'connected');
  return connection;
}
