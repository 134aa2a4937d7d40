// The JSON reports that vitest and Playwright write when TEST_REPORT_DIR is set, read by the
// scripts that name failed tests (failed-tests.mjs) and slow ones (test-durations.mjs).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.json` file under `directory`, at any depth (one folder per stage). */
export function reportFiles(directory) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return reportFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}
