#!/usr/bin/env node
// `npm test`: every suite, even after one fails, so a single run shows the whole picture; exits
// non-zero when any failed. The stages run in two lanes at once: the server suite spends most of
// its time waiting (jobs, timers, restarted processes) and the browser suite waits on the browser,
// so together they use the two cores that either alone leaves half idle (docs/architecture.md,
// "Testing: how the suites are split").
//
// The server suite runs in full on the PostgreSQL server, then the files that exercise what the
// databases treat differently (apps/server/test/both-databases.ts) again on embedded PGlite.
// `--postgres <url>` names the server's database (CI's); by default the local server's `postgres`
// database, where the multi-process tests already create theirs.
//
// Each stage's output lines carry its name. Every stage writes a JSON report (into TEST_REPORT_DIR
// when set, else a temporary folder), from which the run ends with the slowest files and specs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { cpuCounters, describeCpuBetween, freshMemoryCheckMs, hashCheckMs } from './machine-speed.mjs';
import { browserTestsRunNowhere } from './test-reports.mjs';

const root = path.resolve(import.meta.dirname, '..');
const postgresAt = process.argv.indexOf('--postgres');
const postgresUrl = postgresAt > 0 ? process.argv[postgresAt + 1] : 'postgres://postgres@127.0.0.1:5432/postgres';
if (!postgresUrl) {
  console.error('usage: node scripts/run-tests.mjs [--postgres <url>]');
  process.exit(2);
}
const reportDir = process.env.TEST_REPORT_DIR || mkdtempSync(path.join(os.tmpdir(), 'wacrm-test-reports-'));

// Pictures are for a person to look at (apps/web/e2e/support/screens.ts): the gate takes none. Nor
// traces: recording every step of every test, to keep the failed ones, cost a third of the
// suite's CPU. One browser worker per lane: two beside the server suite overloaded a two-core
// machine (docs/architecture.md, "Testing: how the suites are split").
const browserEnv = {
  E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? 'off',
  E2E_TRACE: process.env.E2E_TRACE ?? 'off',
  E2E_WORKERS: process.env.E2E_WORKERS ?? '1',
  E2E_CLAIMS_DIR: mkdtempSync(path.join(os.tmpdir(), 'wacrm-browser-lanes-')),
};
const build = { id: 'build', name: 'build (the app the browser suite drives)', args: ['run', 'build'] };
const browserLanes = ['browser', 'browser-2'].map((id, index) => ({
  id,
  name: index === 0 ? 'browser' : 'browser, second lane (after the server suite)',
  args: ['run', 'e2e', '--workspace', 'apps/web'],
  env: { ...browserEnv, E2E_LANE: id },
}));
const serverStages = [
  { id: 'unit', name: 'unit (shared and web)', args: ['run', 'test:unit'] },
  {
    id: 'server-postgres',
    name: 'server on PostgreSQL',
    args: ['run', 'test:server'],
    env: { TEST_DATABASE_URL: postgresUrl },
  },
  {
    id: 'server-pglite',
    name: 'server on PGlite, the files run on both databases',
    args: ['run', 'test:server'],
    env: { TEST_DATABASE_URL: '', TEST_SERVER_FILES: 'both-databases' },
  },
];

// Measured before any stage starts, so that it reads the machine and not the suites.
console.log(
  `==> npm test: this machine hashes 128 MB in ${hashCheckMs()} ms on one thread` +
    ` and writes 64 MB of fresh memory in ${freshMemoryCheckMs()} ms`,
);
const cpuAtStart = cpuCounters();
const began = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);
const width = Math.max(...[build, ...browserLanes, ...serverStages].map((stage) => stage.id.length));

function runStage(stage) {
  const label = `${stage.id.padEnd(width)} │ `;
  console.log(`\n${label}==> npm test: ${stage.name} (npm ${stage.args.join(' ')}) at ${seconds(began)} s\n`);
  const started = Date.now();
  const child = spawn('npm', stage.args, {
    cwd: root,
    env: { ...process.env, ...stage.env, TEST_REPORT_DIR: path.join(reportDir, stage.id) },
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(label + line));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ ...stage, ok: code === 0, seconds: seconds(started) }));
  });
}

/**
 * Two lanes at once. The first builds the app and starts the browser suite; the second runs the
 * unit and server suites, then joins the browser suite: the two take its spec files as they reach
 * them (apps/web/e2e/support/lanes.ts), so each core is busy until the end.
 */
const built = runStage(build);
async function browserLane(lane) {
  const buildResult = await built;
  return buildResult.ok ? runStage(lane) : { ...lane, ok: false, seconds: 0, skippedFor: 'the build failed' };
}
const [firstLane, secondLane] = await Promise.all([
  (async () => [await built, await browserLane(browserLanes[0])])(),
  (async () => {
    const results = [];
    for (const stage of serverStages) results.push(await runStage(stage));
    return [...results, await browserLane(browserLanes[1])];
  })(),
]);
const results = [...firstLane, ...secondLane];
const unrun = browserTestsRunNowhere(browserLanes.map((lane) => path.join(reportDir, lane.id)));
if (unrun.length > 0) {
  results.push({ name: `every browser test ran in one lane (${unrun.length} ran in none)`, ok: false, seconds: 0 });
  for (const test of unrun) console.log(`ran in no browser lane: ${test}`);
}

rmSync(browserEnv.E2E_CLAIMS_DIR, { recursive: true, force: true });

console.log('\n==> npm test: where the time went');
const durations = spawn(process.execPath, [path.join(root, 'scripts/test-durations.mjs'), reportDir], {
  stdio: 'inherit',
});
await new Promise((resolve) => durations.on('close', resolve));

console.log(`\n==> npm test: summary (${seconds(began)} s in all, two lanes at once)`);
for (const { name, ok, seconds: took, skippedFor } of results) {
  console.log(`  ${ok ? 'ok    ' : 'FAILED'}  ${name} (${skippedFor ? `not run: ${skippedFor}` : `${took} s`})`);
}
const failed = results.filter((result) => !result.ok).length;
console.log(`CPU during the run: ${describeCpuBetween(cpuAtStart, cpuCounters())}`);
console.log(`stages: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
