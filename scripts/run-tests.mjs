#!/usr/bin/env node
// `npm test`: runs every suite, even after one fails, so a single run shows the whole picture;
// exits non-zero when any suite failed. Each stage is one of the package.json scripts.
import { spawnSync } from 'node:child_process';

const stages = [
  { name: 'unit (shared and web)', script: 'test:unit' },
  { name: 'server', script: 'test:server' },
  { name: 'browser', script: 'test:e2e' },
];

const results = [];
for (const stage of stages) {
  console.log(`\n==> npm test: ${stage.name} (npm run ${stage.script})\n`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', stage.script], { stdio: 'inherit', shell: process.platform === 'win32' });
  const ok = run.status === 0;
  results.push({ ...stage, ok, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n==> npm test: summary');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? 'ok    ' : 'FAILED'}  ${name} (${seconds} s)`);
const failed = results.filter((result) => !result.ok).length;
console.log(`stages: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
