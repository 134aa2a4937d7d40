// The JSON reports that vitest and Playwright write when TEST_REPORT_DIR is set, read by the
// scripts that name failed tests (failed-tests.mjs) and slow ones (test-durations.mjs).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.json` file under `directory`, at any depth (one folder per stage). */
export function reportFiles(directory) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return reportFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

// The reason a browser lane gives for a spec file the other lane took (apps/web/e2e/support/lanes.ts).
const takenByAnotherLane = 'runs in the other browser lane';

/**
 * The browser tests that every lane left to another: named by file and title, from the Playwright
 * reports under `laneDirectories`. Empty when each test ran (passed or failed) in some lane.
 */
export function browserTestsRunNowhere(laneDirectories) {
  const tests = new Map();
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const project = test.projectName ? ` [${test.projectName}]` : '';
        const name = `${spec.file} > ${[...titles, spec.title].join(' > ')}${project}`;
        const seen = tests.get(name) ?? { ran: false, left: false };
        const annotations = [
          ...(test.annotations ?? []),
          ...test.results.flatMap((result) => result.annotations ?? []),
        ];
        seen.ran ||= test.results.some((result) => result.status !== 'skipped');
        seen.left ||= annotations.some((note) => note.type === 'skip' && note.description === takenByAnotherLane);
        tests.set(name, seen);
      }
    }
    for (const child of suite.suites ?? [])
      visit(child, child.file === child.title ? titles : [...titles, child.title]);
  };
  for (const directory of laneDirectories) {
    if (!existsSync(directory)) continue;
    for (const file of reportFiles(directory)) {
      try {
        for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) visit(suite, []);
      } catch {
        // an unreadable report is named by failed-tests.mjs
      }
    }
  }
  return [...tests].filter(([, seen]) => seen.left && !seen.ran).map(([name]) => name);
}
