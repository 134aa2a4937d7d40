// Profiles one path of the server under load, to find what a figure spends its time on:
//   node bench/profile.mjs <tickets|search|messages|inbound> [seconds]
// Needs a database the bench filled: DATABASE_URL (e.g. .../wacrm_bench after `npm run bench`)
// or BENCH_DATA_DIR (a PGlite data dir). Starts the server with --cpu-prof, loads the path with
// autocannon, stops it and prints the functions and files that took the most CPU (self time).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ongoingNumbers, openBenchDatabase } from './lib/bench-database.mjs';
import { benchAdmin, login, startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [what = 'tickets', secondsArg = '10'] = process.argv.slice(2);
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'wacrm-prof-'));
// PROFILE_NODE_ARGS: more node flags for the server (e.g. `--import` of a hook that counts statements).
process.env.BENCH_SERVER_ARGS = `${process.env.PROFILE_NODE_ARGS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`;

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'wacrm-prof-data-'));
const databaseUrl = process.env.DATABASE_URL;
// Inbound goes to customers with a ticket that is not closed, as the bench's figure does (without
// a filled database, to new numbers: the path that creates contacts and tickets). PGlite's data
// dir is read before the server opens it.
let numbers = Array.from({ length: 2000 }, (_, n) => `5511${String(100_000_000 + n).slice(-9)}`);
if (what === 'inbound' && (databaseUrl || process.env.BENCH_DATA_DIR)) {
  const { query, close } = await openBenchDatabase(databaseUrl ? 'postgres' : 'pglite', { dataDir, databaseUrl });
  const ongoing = await ongoingNumbers(query).finally(close);
  if (ongoing.length > 0) numbers = ongoing;
}

const server = await startServer({ root, dataDir, databaseUrl });
const token = await login(server.base, benchAdmin.email, benchAdmin.password);
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const get = async (url) => (await fetch(`${server.base}${url}`, { headers })).json();
const queueIds = JSON.stringify((await get('/api/queue')).map((queue) => queue.id));
const connection = (await get('/api/whatsapp')).find?.((row) => row.provider === 'sandbox');
let seq = 0;
const targets = {
  tickets: { url: `/api/tickets?status=open&showAll=true&queueIds=${queueIds}` },
  search: { url: `/api/tickets?searchParam=mariana&showAll=true&queueIds=${queueIds}` },
  messages: { url: `/api/messages/${process.env.BENCH_TICKET_ID ?? 1}?pageNumber=1` },
  inbound: {
    url: `/api/sandbox/${connection?.id}/inbound`,
    method: 'POST',
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify({ from: numbers[seq++ % numbers.length], body: `profile ${seq}` }),
    }),
  },
};
const target = targets[what];
const result = await autocannon({
  url: `${server.base}${target.url}`,
  connections: what === 'inbound' ? 20 : 50,
  duration: Number(secondsArg),
  requests: [
    { method: target.method ?? 'GET', headers, ...(target.setupRequest ? { setupRequest: target.setupRequest } : {}) },
  ],
});
console.log(
  `${what}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
);
await server.stop();

/** Microseconds a profile spent outside `(idle)`: how busy its thread was. */
function busyMicros(profile) {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
  return profile.samples.reduce((sum, id, i) => (idle.has(id) ? sum : sum + (profile.timeDeltas[i] ?? 0)), 0);
}

// tsx's loader hooks run in a second thread with a profile of its own, mostly idle but with as many
// samples: read the thread that was busiest, the server's.
const [{ file, profile }] = readdirSync(profileDir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .map((name) => ({ file: name, profile: JSON.parse(readFileSync(path.join(profileDir, name), 'utf8')) }))
  .sort((a, b) => busyMicros(b.profile) - busyMicros(a.profile));
const dt = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const byFunction = new Map();
const byFile = new Map();
let total = 0;
for (const node of profile.nodes) {
  const self = dt.get(node.id) ?? 0;
  total += self;
  const { functionName, url, lineNumber } = node.callFrame;
  const short = url.replace(/^file:\/\//, '').replace(`${root}/`, '');
  const key = `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + self);
  const fileKey = short.replace(/node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*/, 'node_modules/$1') || functionName;
  byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + self);
}
const top = (map, count) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, micros]) => `${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n');
console.log(`\nby package or file (self time):\n${top(byFile, 20)}\n\nby function:\n${top(byFunction, 30)}`);
console.log(`\nprofile: ${path.join(profileDir, file)}`);
