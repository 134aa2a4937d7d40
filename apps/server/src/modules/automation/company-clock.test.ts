import { isWithinSchedule, localTime } from '@wacrm/shared';
import { describe, expect, it } from 'vitest';

const week = [
  { weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekdayEn: 'saturday', startTime: '09:00', endTime: '12:00' },
  { weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
];

describe('business hours on the company clock', () => {
  it.each([
    // Monday 2026-11-23: 10:59 UTC is 07:59 in São Paulo (UTC−3).
    ['2026-11-23T10:59:00Z', 'America/Sao_Paulo', false],
    ['2026-11-23T11:00:00Z', 'America/Sao_Paulo', true],
    ['2026-11-23T20:59:00Z', 'America/Sao_Paulo', true],
    ['2026-11-23T21:00:00Z', 'America/Sao_Paulo', false],
    // The same instant in Manaus (UTC−4) is an hour earlier.
    ['2026-11-23T11:30:00Z', 'America/Manaus', false],
    ['2026-11-23T12:00:00Z', 'America/Manaus', true],
    // Saturday morning only; Sunday closed (00:00–00:00); Tuesday missing from the week: closed.
    ['2026-11-28T13:00:00Z', 'America/Sao_Paulo', true],
    ['2026-11-28T15:00:00Z', 'America/Sao_Paulo', false],
    ['2026-11-29T13:00:00Z', 'America/Sao_Paulo', false],
    ['2026-11-24T13:00:00Z', 'America/Sao_Paulo', false],
  ])('%s in %s → open %s', (instant, zone, open) => {
    expect(isWithinSchedule(week, new Date(instant), zone)).toBe(open);
  });

  it('a company without hours is always open', () => {
    expect(isWithinSchedule([], new Date('2026-11-29T03:00:00Z'), 'America/Sao_Paulo')).toBe(true);
  });

  it('reads the weekday across midnight in the company zone, not UTC', () => {
    // Tuesday 01:00 UTC is still Monday 22:00 in São Paulo.
    expect(localTime(new Date('2026-11-24T01:00:00Z'), 'America/Sao_Paulo')).toMatchObject({
      weekday: 'monday',
      hhmm: '22:00',
    });
  });
});
