#!/usr/bin/env node
// Where the suites' time goes: the slowest server test files and browser specs, from the JSON
// reports that vitest and Playwright write when TEST_REPORT_DIR is set.
// `node scripts/test-durations.mjs <report directory> [count]` (default: the 15 slowest of each).
// CI prints it after every run, so the next person to speed CI up starts from figures.
import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { reportFiles } from './test-reports.mjs';

const root = process.argv[2];
const count = Number(process.argv[3] ?? 15);
if (!root) {
  console.error('usage: node scripts/test-durations.mjs <report directory> [count]');
  process.exit(2);
}

// vitest: one entry per file, with its start and end (a file's own wall time, workers overlap).
function vitestFiles(report) {
  return report.testResults.map((file) => ({
    name: relative(process.cwd(), file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
  }));
}

// Playwright: suites nest by file and describe block; a spec's time is the sum of its tests' tries.
// A test skipped here (the other browser lane ran it) is counted where it ran.
function playwrightFiles(report) {
  const byFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const tries = test.results.filter((result) => result.status !== 'skipped');
        if (tries.length === 0) continue;
        const entry = byFile.get(spec.file) ?? { name: spec.file, seconds: 0, tests: 0 };
        entry.tests += 1;
        for (const result of tries) entry.seconds += result.duration / 1000;
        byFile.set(spec.file, entry);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return [...byFile.values()];
}

for (const path of reportFiles(root).sort()) {
  let report;
  try {
    report = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    continue; // an unreadable report is named by failed-tests.mjs
  }
  const isVitest = Array.isArray(report.testResults);
  const files = (isVitest ? vitestFiles(report) : playwrightFiles(report)).sort((a, b) => b.seconds - a.seconds);
  if (files.length === 0) continue;
  const total = files.reduce((sum, file) => sum + file.seconds, 0);
  const run = relative(root, path).split('/')[0];
  const kind = isVitest ? 'vitest files' : 'browser specs';
  console.log(`\n${run} (${basename(path)}): ${files.length} ${kind}, ${Math.round(total)} s added up`);
  for (const file of files.slice(0, count)) {
    console.log(`  ${file.seconds.toFixed(1).padStart(7)} s  ${file.name} (${file.tests} tests)`);
  }
}
