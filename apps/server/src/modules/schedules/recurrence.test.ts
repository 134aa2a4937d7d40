import { instantOf, wallClockOf } from '@wacrm/shared';
import { describe, expect, it } from 'vitest';
import { nextOccurrence } from './recurrence.ts';

const tz = 'America/Sao_Paulo';

describe('nextOccurrence', () => {
  it('repeats daily at the same wall-clock time', () => {
    expect(nextOccurrence(new Date('2026-03-05T12:00:00Z'), { frequency: 'daily' }, tz)?.toISOString()).toBe(
      '2026-03-06T12:00:00.000Z',
    );
  });

  it('keeps 09:00 across a daylight saving change', () => {
    const before = instantOf({ year: 2026, month: 3, day: 28, hour: 9, minute: 0, second: 0 }, 'Europe/Lisbon');
    const after = nextOccurrence(before, { frequency: 'daily' }, 'Europe/Lisbon')!;
    expect(after.getTime() - before.getTime()).toBe(23 * 3600_000);
    expect(wallClockOf(after, 'Europe/Lisbon')).toMatchObject({ day: 29, hour: 9, minute: 0 });
  });

  it('goes to the next chosen weekday in the company time zone', () => {
    // Thursday 5 March 2026, 22:30 in São Paulo (already Friday in UTC).
    const thursday = new Date('2026-03-06T01:30:00Z');
    const next = nextOccurrence(thursday, { frequency: 'weekly', weekdays: [1, 4] }, tz)!;
    expect(wallClockOf(next, tz)).toMatchObject({ month: 3, day: 9, hour: 22, minute: 30 });
  });

  it('moves a monthly 31st to the end of a shorter month', () => {
    const next = nextOccurrence(new Date('2026-01-31T15:00:00Z'), { frequency: 'monthly' }, tz)!;
    expect(next.toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(nextOccurrence(new Date('2026-12-10T15:00:00Z'), { frequency: 'monthly' }, tz)?.toISOString()).toBe(
      '2027-01-10T15:00:00.000Z',
    );
  });

  it('a monthly series keeps its first day: 31 Jan, 28 Feb, 31 Mar, 30 Apr, 31 May; 29 Feb in a leap year', () => {
    const first = new Date('2027-01-31T15:00:00Z');
    const seen = [first];
    for (let i = 0; i < 4; i++) seen.push(nextOccurrence(seen[i], { frequency: 'monthly' }, tz, first)!);
    expect(seen.map((date) => wallClockOf(date, tz).day)).toEqual([31, 28, 31, 30, 31]);
    expect(seen.every((date) => wallClockOf(date, tz).hour === 12)).toBe(true);
    const leap = new Date('2028-01-31T15:00:00Z');
    const february = nextOccurrence(leap, { frequency: 'monthly' }, tz, leap)!;
    expect(wallClockOf(february, tz)).toMatchObject({ month: 2, day: 29 });
    expect(wallClockOf(nextOccurrence(february, { frequency: 'monthly' }, tz, leap)!, tz)).toMatchObject({
      month: 3,
      day: 31,
    });
  });

  it('stops after until', () => {
    const until = '2026-03-06T12:00:00.000Z';
    expect(nextOccurrence(new Date('2026-03-05T12:00:00Z'), { frequency: 'daily', until }, tz)).not.toBeNull();
    expect(nextOccurrence(new Date('2026-03-06T12:00:00Z'), { frequency: 'daily', until }, tz)).toBeNull();
  });
});
