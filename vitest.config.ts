import { defineConfig } from 'vitest/config';

// One runner for every workspace; `--project` picks a suite (see package.json scripts).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // No retries: a test that passes only on a second try hides a race. Waits poll a live
          // condition with a generous deadline (test/eventually.ts) instead.
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] } },
    ],
  },
});
