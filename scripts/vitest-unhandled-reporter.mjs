// A vitest reporter that writes the run's unhandled errors to a JSON file. vitest fails a run on an
// error raised outside any test (a rejection after a file ended, a worker that died), but its JSON
// report names only tests, so without this file a red run's end could say "no failed test".
// vitest.config.ts adds it when TEST_REPORT_DIR is set; scripts/failed-tests.mjs reads it.
import { writeFileSync } from 'node:fs';

export default class UnhandledErrorsReporter {
  constructor({ outputFile }) {
    this.outputFile = outputFile;
  }

  onTestRunEnd(_testModules, unhandledErrors) {
    if (unhandledErrors.length === 0) return;
    const errors = unhandledErrors.map((error) => ({
      name: error.name,
      message: error.message,
      stack: (error.stack ?? '').split('\n').slice(0, 8).join('\n'),
      testFile: error.VITEST_TEST_PATH,
      testName: error.VITEST_TEST_NAME,
    }));
    writeFileSync(this.outputFile, JSON.stringify({ unhandledErrors: errors }, null, 2));
  }
}
