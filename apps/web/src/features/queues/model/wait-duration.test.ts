import { describe, expect, it } from 'vitest';
import { formatWait, waitSeverity } from './wait-duration.ts';

describe('formatWait', () => {
  const since = '2026-12-03T12:00:00.000Z';
  const at = (seconds: number) => new Date(since).getTime() + seconds * 1000;

  it('ticks in minutes and seconds, then hours', () => {
    expect(formatWait(since, at(0))).toBe('0:00');
    expect(formatWait(since, at(42))).toBe('0:42');
    expect(formatWait(since, at(12 * 60 + 5))).toBe('12:05');
    expect(formatWait(since, at(3600 + 3 * 60 + 9))).toBe('1:03:09');
  });

  it('never goes below zero when the server clock is ahead', () => {
    expect(formatWait(since, at(-3))).toBe('0:00');
  });

  it('colours long waits', () => {
    expect(waitSeverity(null, at(0))).toBe('normal');
    expect(waitSeverity(since, at(60))).toBe('normal');
    expect(waitSeverity(since, at(5 * 60))).toBe('warning');
    expect(waitSeverity(since, at(15 * 60))).toBe('error');
  });
});
