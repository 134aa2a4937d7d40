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

  it('stops after until', () => {
    const until = '2026-03-06T12:00:00.000Z';
    expect(nextOccurrence(new Date('2026-03-05T12:00:00Z'), { frequency: 'daily', until }, tz)).not.toBeNull();
    expect(nextOccurrence(new Date('2026-03-06T12:00:00Z'), { frequency: 'daily', until }, tz)).toBeNull();
  });
});
