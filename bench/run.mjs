// A first benchmark: starts the real server (embedded database, or DATABASE_URL), then measures
// login, the open tickets list and idle memory. Prints one line per figure: name, value, unit,
// target. The full suite (data generator, load, fan-out, dashboard) is issue 9's work.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const rounds = quick ? 50 : 300;

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

function report(name, value, unit, target) {
  console.log(`${name.padEnd(34)} ${String(value).padStart(10)} ${unit.padEnd(6)} target ${target}`);
}

async function time(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wacrm-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SERVE_WEB_DIST: '',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start');
    const up = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}; rounds: ${rounds}`);

  const login = () =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
    }).then((r) => r.json());
  const { token } = await login();
  const auth = { authorization: `Bearer ${token}` };

  const tickets = [];
  for (let i = 0; i < rounds; i++) {
    tickets.push(
      await time(() => fetch(`${base}/api/tickets?status=open&showAll=true`, { headers: auth }).then((r) => r.text())),
    );
  }
  report('GET /api/tickets p50 (sequential)', percentile(tickets, 50).toFixed(2), 'ms', '-');
  report('GET /api/tickets p99 (sequential)', percentile(tickets, 99).toFixed(2), 'ms', '< 30 ms');

  const rss = await new Promise((resolve) => {
    const ps = spawn('ps', ['-o', 'rss=', '-p', String(server.pid)]);
    let out = '';
    ps.stdout.on('data', (chunk) => {
      out += chunk;
    });
    ps.on('close', () => resolve(Math.round(Number(out.trim()) / 1024)));
  });
  report('server RSS after the rounds', rss, 'MB', '< 200 MB idle');
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
