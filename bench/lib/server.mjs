// Starts and stops the real server process for the bench, and reads its memory.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { io } from 'socket.io-client';

export const benchAdmin = { email: 'admin@admin.com', password: 'bench-Passw0rd' };

export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const builtRoots = new Set();

/**
 * What `npm start` runs: the server built to JavaScript (`apps/server/dist/main.js`), built once per
 * bench run, with the node flags of that start script (its variables are set by `startServer`). A
 * checkout from before that build existed (`BENCH_SERVER_ROOT`), or `BENCH_SERVER_LOADER=tsx`, runs
 * the TypeScript sources through tsx instead.
 */
function serverCommand(root) {
  const buildScript = path.join(root, 'apps/server/scripts/build.mjs');
  if (process.env.BENCH_SERVER_LOADER === 'tsx' || !existsSync(buildScript)) {
    return ['--import', 'tsx', 'apps/server/src/main.ts'];
  }
  if (!builtRoots.has(root)) {
    const built = spawnSync(process.execPath, [buildScript], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`server build failed:\n${built.stdout}\n${built.stderr}`);
    builtRoots.add(root);
  }
  return [...startCommand(root).flags, 'apps/server/dist/main.js'];
}

/**
 * The environment variables and node flags of the checkout's `npm start` (its package.json), e.g.
 * `MALLOC_MMAP_THRESHOLD_=32768 node --v8-pool-size=2 apps/server/dist/main.js`, so the bench runs
 * the same process.
 */
function startCommand(root) {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const [, assignments = '', flags = ''] =
    /((?:\b[A-Z_]+=\S+ )*)node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(scripts?.start ?? '') ?? [];
  const env = Object.fromEntries(
    assignments
      .split(' ')
      .filter(Boolean)
      // Name and value split at the first `=` only.
      .map((assignment) => assignment.split(/=(.*)/s, 2)),
  );
  return { env, flags: flags.split(' ').filter(Boolean) };
}

/**
 * The server in production mode, API only, with login limits out of the way (the fan-out logs in
 * 30 attendants).
 */
export async function startServer({ root, dataDir, databaseUrl, log = () => undefined, env: extraEnv = {} }) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
    JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789abcdef012345',
    ADMIN_EMAIL: benchAdmin.email,
    ADMIN_PASSWORD: benchAdmin.password,
    SERVE_WEB_DIST: '',
    SANDBOX_ENABLED: 'true',
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_EMAIL: '100000',
    ...startCommand(root).env,
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const started = Date.now();
  // BENCH_SERVER_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const extra = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, ...serverCommand(root)], {
    cwd: root,
    env,
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${stderr}`);
    const up = await fetch(`${base}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  log(`  server up on :${port} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    base,
    pid: child.pid,
    rssMb: () => readRssMb(child.pid),
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU seconds (user + system, every thread) the process used so far, from /proc. */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident memory of a process in MB (Linux /proc). */
export function readRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

/** Samples RSS every `everyMs` until stopped; answers the peak. */
export function sampleRss(server, everyMs = 250) {
  let peak = server.rssMb() ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssMb() ?? 0);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, server.rssMb() ?? 0);
    },
  };
}

export async function login(base, email, password) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** A logged-in user's socket of the web app's kind (websocket only), once the server has put it in its rooms. */
export function connectSocket(base, token) {
  return new Promise((resolve, reject) => {
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      query: { token },
      reconnection: false,
      forceNew: true,
    });
    const timer = setTimeout(() => reject(new Error('socket did not become ready')), 60_000);
    socket.once('ready', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
