import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { filesRunOnBothDatabases } from './apps/server/test/both-databases.ts';

// CI asks for a JSON report of every run (TEST_REPORT_DIR), so that its last lines can name the
// tests that failed however long the log grew after them (scripts/failed-tests.mjs), and for the
// errors raised outside any test, which that report leaves out.
const reportDir = process.env.TEST_REPORT_DIR;
const reportName = `${Date.now()}-${process.pid}`;

// `TEST_SERVER_FILES=both-databases` runs only the server files listed in both-databases.ts: the
// second database's run in `npm test` and CI (scripts/run-tests.mjs). A listed file that is gone
// stops the run, rather than the run quietly testing less.
const serverFiles = process.env.TEST_SERVER_FILES === 'both-databases' ? filesRunOnBothDatabases : undefined;
for (const file of serverFiles ?? []) {
  if (!existsSync(path.join(import.meta.dirname, 'apps/server', file))) {
    throw new Error(`apps/server/test/both-databases.ts lists ${file}, which does not exist`);
  }
}

// One runner for every workspace; `--project` picks a suite (see package.json scripts).
export default defineConfig({
  test: {
    ...(reportDir && {
      reporters: [
        'default',
        'json',
        ['./scripts/vitest-unhandled-reporter.mjs', { outputFile: `${reportDir}/vitest-unhandled-${reportName}.json` }],
      ],
      outputFile: { json: `${reportDir}/vitest-${reportName}.json` },
    }),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: serverFiles ?? ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Three files at a time whatever the cores: most of the suite waits (on jobs, restarts,
          // timers), not computes, and vitest's default of one fewer than the cores runs a
          // two-core machine's suite one file at a time (README, "Tests").
          maxWorkers: 3,
          // A worker evaluates the server's modules once, not once per file (~4 s each, a third of
          // the suite's time). Files stay apart all the same: each starts its own app on its own
          // copy of the database, and no server module keeps state of its own between apps.
          isolate: false,
          // No retries: a test that passes only on a second try hides a race. Waits poll a live
          // condition with a generous deadline (test/eventually.ts) instead.
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] } },
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'] } },
    ],
  },
});
