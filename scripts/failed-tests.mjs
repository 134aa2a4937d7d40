#!/usr/bin/env node
// Names the tests that failed, from the JSON reports that vitest and Playwright write when
// TEST_REPORT_DIR is set: `node scripts/failed-tests.mjs <dir>`. CI prints this last, so a test
// that failed once can still be named from the end of a long log.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { reportFiles } from './test-reports.mjs';

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/failed-tests.mjs <report directory>');
  process.exit(2);
}

const lines = (text) =>
  stripVTControlCharacters(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
const firstLine = (text) => lines(text)[0] ?? '';

// A Playwright failure's first line names only the matcher: the lines that say which locator, what
// was expected and received, and where in the spec it stopped are what tell a race from a bug.
function playwrightDetail(error) {
  // A diff's `+` lines hold what was received: without them an unexpected value goes unnamed.
  // A call log's `waiting for` lines name what a step that never ended was waiting on.
  const wanted = /^(Locator|Expected|Received|Timeout|waiting for|- |\+ )/;
  const detail = lines(error?.message)
    .slice(1)
    .filter((line) => wanted.test(line))
    .slice(0, 14);
  const where = error?.location ? `${relative(process.cwd(), error.location.file)}:${error.location.line}` : '';
  return [...(where ? [`at ${where}`] : []), ...detail].map((line) => `\n      ${line}`).join('');
}

// vitest's JSON report: one entry per file; a file that could not run has no assertions.
function vitestFailures(report) {
  return report.testResults.flatMap((file) => {
    const path = relative(process.cwd(), file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    if (failedTests.length === 0 && file.status === 'failed') return [`${path}: ${firstLine(file.message)}`];
    return failedTests.map((test) => `${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

// scripts/vitest-unhandled-reporter.mjs: errors raised outside any test, with the file that ran.
function unhandledErrors(report) {
  return report.unhandledErrors.map((error) => {
    const where = error.testFile ? ` (while ${relative(process.cwd(), error.testFile)} ran)` : '';
    const stack = lines(error.stack)
      .slice(1, 5)
      .map((line) => `\n      ${line}`)
      .join('');
    return `unhandled ${error.name ?? 'error'}${where}: ${firstLine(error.message)}${stack}`;
  });
}

// Playwright's JSON report: suites nest by file and describe block; a spec holds one test per project.
function playwrightFailures(report) {
  const failures = (report.errors ?? []).map((error) => `(run) ${firstLine(error.message)}`);
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const result = test.results.find((candidate) => candidate.error);
        const [error, ...others] = result?.errors?.length ? result.errors : [result?.error];
        const name = [...titles, spec.title].join(' > ');
        // A test that ran out of time has its step's error after its own: that one says where it stood.
        const more = others.map((other) => `\n      and: ${firstLine(other?.message)}${playwrightDetail(other)}`);
        failures.push(
          `${spec.file} > ${name}${test.status === 'flaky' ? ' (flaky)' : ''}: ${firstLine(error?.message)}${playwrightDetail(error)}${more.join('')}`,
        );
      }
    }
    for (const child of suite.suites ?? [])
      visit(child, child.file === child.title ? titles : [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return failures;
}

let count = 0;
for (const path of reportFiles(root).sort()) {
  let report;
  try {
    report = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    console.log(`${relative(root, path)}: unreadable report (the run may have been killed)`);
    count += 1;
    continue;
  }
  const failures = Array.isArray(report.unhandledErrors)
    ? unhandledErrors(report)
    : Array.isArray(report.testResults)
      ? vitestFailures(report)
      : playwrightFailures(report);
  for (const failure of failures) console.log(`  ${relative(root, path).split('/')[0]}: ${failure}`);
  count += failures.length;
}
console.log(count === 0 ? 'no failed test in the reports' : `${count} failed`);
