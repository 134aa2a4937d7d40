// Issue 21: one process against two on the same machine and the same PostgreSQL database (and
// Redis when BENCH_REDIS_URL is set): inbound messages stored per second, and ticket-list
// requests per second. Each process gets its own sandbox connection (a session lives in one
// process) and its share of the load; the load generator runs on the same machine.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchAdmin, login, startServer } from './server.mjs';

const json = (token) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function api(base, token, method, url, body) {
  const headers = body ? json(token) : { authorization: `Bearer ${token}` };
  const response = await fetch(`${base}${url}`, { method, headers, body: body && JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A sandbox connection created (and so owned) by the process at `base`, paired. */
async function pairedSandbox(base, token, name) {
  const { id } = await api(base, token, 'POST', '/api/whatsapp', { name, provider: 'sandbox' });
  const status = async () => (await api(base, token, 'GET', `/api/whatsapp/${id}`)).status;
  for (let tries = 0; (await status()) !== 'qrcode'; tries++) {
    if (tries > 400) throw new Error('no QR');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await api(base, token, 'POST', `/api/sandbox/${id}/scan`);
  for (let tries = 0; (await status()) !== 'CONNECTED'; tries++) {
    if (tries > 400) throw new Error('not connected');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return id;
}

/** Inbound messages into each (process, connection) at once; answers messages stored per second. */
async function inbound(db, targets, token, seconds, tag) {
  const before = Number((await db.query('select count(*)::int as n from messages')).rows[0].n);
  const started = performance.now();
  let seq = 0;
  await Promise.all(
    targets.map(({ base, whatsappId }) =>
      autocannon({
        url: `${base}/api/sandbox/${whatsappId}/inbound`,
        connections: 16,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            headers: json(token),
            setupRequest: (request) => {
              const n = seq++;
              return {
                ...request,
                body: JSON.stringify({ from: `5511${String(900_000_000 + (n % 2_000))}`, body: `${tag} ${n}` }),
              };
            },
          },
        ],
      }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  const after = Number((await db.query('select count(*)::int as n from messages')).rows[0].n);
  return (after - before) / elapsed;
}

/** The web app's first page of tickets, from every process at once; answers requests per second (summed). */
async function ticketList(bases, token, seconds) {
  const results = await Promise.all(
    bases.map((base) =>
      autocannon({
        url: `${base}/api/tickets?status=pending&showAll=true`,
        connections: 20,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      }),
    ),
  );
  return results.reduce((sum, result) => sum + result.requests.average, 0);
}

export async function measureScaleOut({ root, adminUrl, seconds, log }) {
  const databaseName = 'wacrm_bench_scaleout';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // pool.end() resolves while its connections still close; the forced drop after may end one.
  db.on('error', () => undefined);
  const dirs = [];
  const start = async (name) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `wacrm-bench-${name}-`));
    dirs.push(dataDir);
    const env = {
      NODE_ID: name,
      REDIS_PREFIX: 'bench_scaleout',
      ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
    };
    return startServer({ root, dataDir, databaseUrl, log, env });
  };
  const servers = [];
  try {
    const a = await start('bench-a');
    servers.push(a);
    const token = await login(a.base, benchAdmin.email, benchAdmin.password);
    const first = await pairedSandbox(a.base, token, 'Bench A');
    // Some tickets for the list to page through.
    await inbound(db, [{ base: a.base, whatsappId: first }], token, 2, 'warm-up');

    const one = {
      inbound: await inbound(db, [{ base: a.base, whatsappId: first }], token, seconds, 'one'),
      list: await ticketList([a.base], token, seconds),
    };
    log(`  one process: ${one.inbound.toFixed(0)} inbound/s, ${one.list.toFixed(0)} ticket-list req/s`);

    const b = await start('bench-b');
    servers.push(b);
    const second = await pairedSandbox(b.base, token, 'Bench B');
    const targets = [
      { base: a.base, whatsappId: first },
      { base: b.base, whatsappId: second },
    ];
    const two = {
      inbound: await inbound(db, targets, token, seconds, 'two'),
      list: await ticketList([a.base, b.base], token, seconds),
    };
    log(`  two processes: ${two.inbound.toFixed(0)} inbound/s, ${two.list.toFixed(0)} ticket-list req/s`);
    return { one, two, fanOut: process.env.BENCH_REDIS_URL ? 'redis' : 'postgres' };
  } finally {
    for (const server of servers) await server.stop();
    await db.end();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${databaseName} with (force)`);
    await cleanup.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
