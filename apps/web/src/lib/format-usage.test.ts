import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// issue 13 defect 7: one date/time format for the whole interface, so no screen formats dates on its own
// (nor numbers with the browser's locale; currency formatters name the interface language).
describe('date and time formatting', () => {
  it('goes through lib/format.ts only', () => {
    const offenders = sourceFiles(sourceRoot)
      // The calendar's localizer needs a date library for its month and weekday names (see the file).
      .filter(
        (path) =>
          ![join('lib', 'format.ts'), join('lib', 'calendar-localizer.ts')].includes(relative(sourceRoot, path)),
      )
      .filter((path) =>
        /\.toLocale(Date|Time)?String\(|Intl\.(DateTimeFormat|RelativeTimeFormat)|from 'date-fns/.test(
          readFileSync(path, 'utf8'),
        ),
      )
      .map((path) => relative(sourceRoot, path));
    expect(offenders).toEqual([]);
  });
});
