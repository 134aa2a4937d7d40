import { describe, expect, it } from 'vitest';
import { defaultQueueSchedules } from './queue.schema.ts';
import { isWithinSchedule } from './within-schedule.ts';

// 2024-01-01 was a Monday.
const utc = (isoLocal: string) => new Date(`${isoLocal}Z`);

describe('isWithinSchedule on the default week (UTC)', () => {
  it.each([
    ['Monday 07:59', '2024-01-01T07:59:59', false],
    ['Monday 08:00, the start is inside', '2024-01-01T08:00:00', true],
    ['Monday midday', '2024-01-01T12:30:00', true],
    ['Monday 17:59', '2024-01-01T17:59:59', true],
    ['Monday 18:00, the end is outside', '2024-01-01T18:00:00', false],
    ['Friday 09:00', '2024-01-05T09:00:00', true],
    ['Saturday 11:59', '2024-01-06T11:59:00', true],
    ['Saturday 12:00', '2024-01-06T12:00:00', false],
    ['Sunday 00:00-00:00 is closed at midnight', '2024-01-07T00:00:00', false],
    ['Sunday 00:00-00:00 is closed at noon', '2024-01-07T12:00:00', false],
  ])('%s', (_label, at, expected) => {
    expect(isWithinSchedule(defaultQueueSchedules, utc(at), 'UTC')).toBe(expected);
  });
});

describe('isWithinSchedule edge cases', () => {
  const monday = (startTime: string, endTime: string) => [{ weekdayEn: 'monday', startTime, endTime }];

  it.each([
    ['an end of 23:59 runs to midnight', monday('00:00', '23:59'), '2024-01-01T23:59:30', true],
    ['open from midnight', monday('00:00', '23:59'), '2024-01-01T00:00:00', true],
    ['a weekday with no entry is closed', monday('08:00', '18:00'), '2024-01-02T10:00:00', false],
    ['an overnight range is not supported: closed', monday('22:00', '02:00'), '2024-01-01T23:00:00', false],
    ['an overnight range does not spill into the next day', monday('22:00', '02:00'), '2024-01-02T01:00:00', false],
    ['a malformed time is closed', monday('8:00', '18:00'), '2024-01-01T10:00:00', false],
    ['an empty week means no hours were set: open', [], '2024-01-07T03:00:00', true],
  ])('%s', (_label, schedules, at, expected) => {
    expect(isWithinSchedule(schedules, utc(at), 'UTC')).toBe(expected);
  });

  it('reads the wall clock of the given time zone', () => {
    // 10:30 UTC on a Monday is 07:30 in São Paulo (UTC-3): before opening there.
    const at = utc('2024-01-01T10:30:00');
    expect(isWithinSchedule(defaultQueueSchedules, at, 'UTC')).toBe(true);
    expect(isWithinSchedule(defaultQueueSchedules, at, 'America/Sao_Paulo')).toBe(false);
    // Saturday 14:00 UTC is after the Saturday close, but 11:00 in São Paulo: still open there.
    const saturday = utc('2024-01-06T14:00:00');
    expect(isWithinSchedule(defaultQueueSchedules, saturday, 'UTC')).toBe(false);
    expect(isWithinSchedule(defaultQueueSchedules, saturday, 'America/Sao_Paulo')).toBe(true);
  });
});
