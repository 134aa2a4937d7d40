import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real entry point (`npm start` runs it) on an embedded database: data written before a
 * stop is there after the next start, and so are the generated secrets (tokens stay valid).
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wacrm-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startMain(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    // No DATABASE_URL: the embedded database in DATA_DIR, as on a bare machine.
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SERVE_WEB_DIST: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

function stop(child: ChildProcess) {
  return new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('restart on the embedded database', () => {
  it('keeps data and sessions across a stop and a start', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startMain(port);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${base}/api/users/set-language/es`, { method: 'POST', headers: auth })).status).toBe(204);
    expect(await stop(first)).toBe(0);

    const second = await startMain(port);
    try {
      const me = await fetch(`${base}/api/auth/me`, { headers: auth });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { language: string }).language).toBe('es');
      // The seed ran once: still exactly one plan.
      const plans = (await (await fetch(`${base}/api/plans/list`)).json()) as unknown[];
      expect(plans).toHaveLength(1);
    } finally {
      await stop(second);
    }
  }, 120_000);
});
