import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paced } from './machine-pace.ts';
import { repoRoot, serverDistMain } from './paths.ts';

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Another process took the port between the probe and the server's start. */
class PortTakenError extends Error {}

/**
 * Waits until the server answers its health check as the process we started (its NODE_ID): the
 * port is probed free before the start, and a process started meanwhile may have taken it.
 */
async function waitForHealth(
  url: string,
  nodeId: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 90_000,
) {
  // A quiet machine's budget, stretched while the machine is busy (asked again at each try).
  const startedAt = Date.now();
  while (Date.now() - startedAt < paced(timeoutMs)) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`);
    const answer = await fetch(`${url}/api/health`).catch(() => null);
    const report = (await answer?.json().catch(() => null)) as { node?: string } | null;
    if (report?.node !== undefined && report.node !== nodeId) throw new PortTakenError(`${url} is another server's`);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the real server as `npm start` does, from its build (`npm run test:e2e` builds the web
 * app and the server first), on a free port with a throwaway data directory.
 * `extraEnv` adds or overrides environment variables (e.g. SMTP_HOST for a test's mail server).
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(extraEnv);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
}

async function startServerOnce(extraEnv: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const nodeId = `e2e-${process.pid}-${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'wacrm-e2e-'));
  const child = spawn(process.execPath, [serverDistMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ID: nodeId,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      // One server serves every spec of a worker, all from 127.0.0.1: the default 30 logins per IP
      // per 15 minutes would refuse the later specs. The limits have their own server tests.
      LOGIN_LIMIT_PER_IP: '10000',
      LOGIN_LIMIT_PER_EMAIL: '10000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the last output for error messages without filling memory; E2E_SERVER_LOG names a file
  // that receives all of it, to study a failure after the run.
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
    if (process.env.E2E_SERVER_LOG) appendFileSync(process.env.E2E_SERVER_LOG, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, nodeId, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
