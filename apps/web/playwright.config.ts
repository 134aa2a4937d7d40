import { defineConfig } from '@playwright/test';
import { chromiumPath } from './e2e/support/chromium.ts';
import { paced } from './e2e/support/machine-pace.ts';

// CI asks for a JSON report beside the list (TEST_REPORT_DIR; see scripts/failed-tests.mjs).
const reportDir = process.env.TEST_REPORT_DIR;

// Browser tests drive Debian's chromium against the real server (see e2e/support/).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  // One worker unless E2E_WORKERS says more. Each worker starts its own server on its own database;
  // npm test runs two Playwright lanes of one worker that share the spec files (e2e/support/lanes.ts).
  workers: Number(process.env.E2E_WORKERS) || 1,
  fullyParallel: false,
  // No retries, as in the server suite: a spec that needs a second try has a race to fix.
  retries: 0,
  // Each test's limit is stretched as it starts by how busy the machine is (e2e/support/fixtures.ts);
  // expectations wait a quiet machine's 10 s stretched by the load as the run starts.
  timeout: 90_000,
  expect: { timeout: paced(10_000) },
  reporter: reportDir
    ? [['list'], ['json', { outputFile: `${reportDir}/playwright-${Date.now()}-${process.pid}.json` }]]
    : [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    locale: 'pt-BR',
    // As someone who asked for less motion: the app then skips its transitions (src/app/theme.ts),
    // which spares the browser the frames of every dialog, menu and skeleton animation.
    reducedMotion: 'reduce',
    viewport: { width: 1366, height: 800 },
    // A trace records every step of every test to keep the failed ones: a third of the suite's CPU.
    // `npm test` and CI, where nobody opens a trace, set E2E_TRACE=off; a spec run alone keeps them.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    // No service worker unless a spec asks for one (the installable app's): in a fresh context each
    // page would register it and precache the whole build, which doubled the browser's CPU per test.
    serviceWorkers: 'block',
    // A navigation or load state that never comes fails its step, named, instead of the whole test.
    navigationTimeout: 30_000,
    // So does an action (click, fill) whose target never becomes ready: without a bound it waits out
    // the test's whole limit and the report names no step. A minute is far above any real wait for
    // an element, even on a machine eight times slower than quiet.
    actionTimeout: 60_000,
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
