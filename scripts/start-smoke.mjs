#!/usr/bin/env node
// Start-up smoke test: does the README's quick start work, literally?
//
// From a fresh copy of the checkout (the files git tracks or would track: no node_modules, no
// build, no data), run `npm install` (it must not warn that a package wants another Node), then
// `npm start` with nothing set but a free PORT. The copy is temporary, so its `./data` is a
// throwaway data folder. Then check that `/`, `/login` and a deep route answer the built web
// app's index.html, that `/api/health` is ok, that the data is in `./data` at the root as the
// README says, and that Ctrl+C stops everything. CI runs it (.ci/run); locally:
// `node scripts/start-smoke.mjs` (KEEP_SMOKE_COPY=1 keeps the copy for a look).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const START_DEADLINE_MS = 10 * 60_000; // install is done; this covers the web build on a busy machine
const STOP_DEADLINE_MS = 30_000;

// Variables the server reads (README's configuration table): none may leak in from this shell.
const serverVariables = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_SECRET',
  'JWT_REFRESH_SECRET',
  'FRONTEND_URL',
  'BACKEND_URL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SANDBOX_ENABLED',
  'SMTP_HOST',
  'OPENAI_BASE_URL',
  'SERVE_WEB_DIST',
  'LOG_LEVEL',
  'INIT_CWD',
];

const began = Date.now();
const step = (text) => console.log(`start-smoke [${Math.round((Date.now() - began) / 1000)} s]: ${text}`);
const fail = (text) => {
  throw new Error(text);
};

function freshCopy() {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'wacrm-start-smoke-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  let files = 0;
  for (const file of listed.split('\0').filter(Boolean)) {
    const from = path.join(root, file);
    if (!existsSync(from)) continue; // deleted in the working tree, not yet committed
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(from, path.join(copy, file));
    files++;
  }
  return { copy, files };
}

function cleanEnv(extra) {
  const env = { ...process.env };
  for (const name of serverVariables) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
  return { ...env, ...extra };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

async function main() {
  const { copy, files } = freshCopy();
  step(`fresh copy of the checkout (${files} files) in ${copy}`);
  let child = null;
  let log = '';
  let passed = false;
  try {
    step('npm install');
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
      cwd: copy,
      env: cleanEnv({}),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const installOutput = `${install.stdout}\n${install.stderr}`;
    if (install.status !== 0) fail(`npm install failed:\n${installOutput}`);
    if (/EBADENGINE/.test(installOutput))
      fail(`npm install warns that a package wants another Node:\n${installOutput}`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    step(`npm start on port ${port}, nothing else set`);
    // Its own process group, so Ctrl+C can be simulated for npm and everything it started.
    child = spawn('npm', ['start'], { cwd: copy, env: cleanEnv({ PORT: String(port) }), detached: true });
    const keep = (chunk) => {
      log = (log + chunk.toString()).slice(-200_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let exited = null;
    child.on('exit', (code, signal) => {
      exited = { code, signal };
    });

    const deadline = Date.now() + START_DEADLINE_MS;
    for (;;) {
      if (exited) fail(`npm start ended before answering (${JSON.stringify(exited)})`);
      if (Date.now() > deadline) fail(`no answer from /api/health within ${START_DEADLINE_MS / 1000} s`);
      const health = await get(`${base}/api/health`).catch(() => null);
      if (health?.status === 200) break;
      await sleep(500);
    }
    step('the server answers');

    const health = await get(`${base}/api/health`);
    if (JSON.parse(health.body).status !== 'ok') fail(`/api/health: ${health.body}`);
    const indexHtml = readFileSync(path.join(copy, 'apps/web/dist/index.html'), 'utf8');
    for (const route of ['/', '/login', '/tickets/abc']) {
      const page = await get(`${base}${route}`);
      if (page.status !== 200 || !page.type.startsWith('text/html') || page.body !== indexHtml) {
        fail(`${route} does not answer the web app: ${page.status} ${page.type} ${page.body.slice(0, 200)}`);
      }
    }
    const unknownApi = await get(`${base}/api/no-such-route`);
    if (unknownApi.status !== 404 || !unknownApi.type.startsWith('application/json')) {
      fail(`/api/no-such-route should be a JSON 404, got ${unknownApi.status} ${unknownApi.type}`);
    }
    step('/, /login and /tickets/abc answer the web app; /api/health is ok');

    if (!existsSync(path.join(copy, 'data', 'pgdata'))) fail('no embedded database in ./data/pgdata');
    if (!existsSync(path.join(copy, 'data', 'secrets.json'))) fail('no generated secrets in ./data');
    if (existsSync(path.join(copy, 'apps', 'server', 'data'))) fail('a data folder appeared in apps/server');
    if (/web app not built/.test(log)) fail('the log says the web app is not built');
    // The log reaches stdout through pino's transport thread, a moment after the server answers.
    const logBy = Date.now() + 10_000;
    while (!log.includes('Log in as admin@admin.com') && Date.now() < logBy) await sleep(200);
    if (!log.includes('Log in as admin@admin.com')) fail('the log does not print the first login');
    step('data in ./data at the root; the log names the login and no missing build');

    step('Ctrl+C');
    process.kill(-child.pid, 'SIGINT');
    const stopBy = Date.now() + STOP_DEADLINE_MS;
    while (!exited && Date.now() < stopBy) await sleep(100);
    if (!exited) fail(`npm start still running ${STOP_DEADLINE_MS / 1000} s after Ctrl+C`);
    await sleep(500);
    if (groupAlive(child.pid)) fail('a process of npm start outlived it');
    if (!/SIGINT: draining/.test(log)) fail('the server did not log its stop');
    if (await get(`${base}/api/health`).catch(() => null)) fail('the port still answers after the stop');
    step('stopped cleanly');
    passed = true;
  } finally {
    if (child && groupAlive(child.pid)) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
    if (!passed) console.error(`start-smoke: last output of npm start:\n${log.slice(-6000)}`);
    if (process.env.KEEP_SMOKE_COPY) step(`kept ${copy}`);
    else rmSync(copy, { recursive: true, force: true });
  }
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

main().then(
  () => step('passed'),
  (error) => {
    console.error(`start-smoke: FAILED: ${error.message}`);
    process.exit(1);
  },
);
