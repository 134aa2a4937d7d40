import { describe, expect, it } from 'vitest';
import { defaultWeeklySchedule } from '../company-schedules/company-schedules.schema.ts';
import { addBusinessSeconds, type BusinessWeek, businessSecondsBetween } from './business-time.ts';

const HOUR = 3600;
/** Mon-Fri 08:00-18:00, Sat 08:00-12:00, Sunday closed. */
const saoPaulo: BusinessWeek = { schedules: defaultWeeklySchedule, timeZone: 'America/Sao_Paulo' };

describe('businessSecondsBetween', () => {
  it('counts only the open part of one day', () => {
    // Monday 2026-11-30, 07:00 to 09:30 in São Paulo (UTC-3): open from 08:00.
    expect(businessSecondsBetween(new Date('2026-11-30T10:00:00Z'), new Date('2026-11-30T12:30:00Z'), saoPaulo)).toBe(
      1.5 * HOUR,
    );
  });

  it('skips the night across midnight', () => {
    // Monday 17:00 to Tuesday 09:00: one hour before closing, one after opening.
    expect(businessSecondsBetween(new Date('2026-11-30T20:00:00Z'), new Date('2026-12-01T12:00:00Z'), saoPaulo)).toBe(
      2 * HOUR,
    );
  });

  it('skips a closed Sunday and counts Saturday morning only', () => {
    // Friday 17:00 to Monday 09:00: Fri 1 h + Sat 4 h + Mon 1 h.
    expect(businessSecondsBetween(new Date('2026-12-04T20:00:00Z'), new Date('2026-12-07T12:00:00Z'), saoPaulo)).toBe(
      6 * HOUR,
    );
  });

  it('reads the hours on the zone given', () => {
    const lisbon: BusinessWeek = { schedules: defaultWeeklySchedule, timeZone: 'Europe/Lisbon' };
    // 07:00-09:00 UTC on a Monday: Lisbon (UTC+0 in winter) opens at 08:00, São Paulo is still closed.
    const from = new Date('2026-11-30T07:00:00Z');
    const to = new Date('2026-11-30T09:00:00Z');
    expect(businessSecondsBetween(from, to, lisbon)).toBe(HOUR);
    expect(businessSecondsBetween(from, to, saoPaulo)).toBe(0);
  });

  it('keeps the wall-clock hours on a daylight-saving change', () => {
    // New York springs forward on Sunday 2026-03-08; Monday 08:00-18:00 is then UTC-4.
    const newYork: BusinessWeek = { schedules: defaultWeeklySchedule, timeZone: 'America/New_York' };
    expect(businessSecondsBetween(new Date('2026-03-07T00:00:00Z'), new Date('2026-03-10T00:00:00Z'), newYork)).toBe(
      (4 + 10) * HOUR,
    );
    expect(businessSecondsBetween(new Date('2026-03-09T11:00:00Z'), new Date('2026-03-09T13:00:00Z'), newYork)).toBe(
      1 * HOUR,
    );
  });

  it('runs a 23:59 end to midnight and treats an empty week as always open', () => {
    const lateDay: BusinessWeek = {
      schedules: [{ weekdayEn: 'monday', startTime: '22:00', endTime: '23:59' }],
      timeZone: 'UTC',
    };
    expect(businessSecondsBetween(new Date('2026-11-30T21:00:00Z'), new Date('2026-12-01T05:00:00Z'), lateDay)).toBe(
      2 * HOUR,
    );
    expect(
      businessSecondsBetween(new Date('2026-11-30T21:00:00Z'), new Date('2026-12-01T05:00:00Z'), {
        schedules: [],
        timeZone: 'UTC',
      }),
    ).toBe(8 * HOUR);
  });

  it('answers 0 for an empty or reversed period', () => {
    const moment = new Date('2026-11-30T12:00:00Z');
    expect(businessSecondsBetween(moment, moment, saoPaulo)).toBe(0);
    expect(businessSecondsBetween(moment, new Date(moment.getTime() - 1000), saoPaulo)).toBe(0);
  });
});

describe('addBusinessSeconds', () => {
  it('lands inside the same day when it fits', () => {
    expect(addBusinessSeconds(new Date('2026-11-30T12:00:00Z'), HOUR, saoPaulo)?.toISOString()).toBe(
      '2026-11-30T13:00:00.000Z',
    );
  });

  it('waits for opening when started outside the hours, and carries over weekends', () => {
    // Saturday 11:00 + 3 h: one hour on Saturday, Sunday closed, then Monday 08:00 + 2 h.
    expect(addBusinessSeconds(new Date('2026-12-05T14:00:00Z'), 3 * HOUR, saoPaulo)?.toISOString()).toBe(
      '2026-12-07T13:00:00.000Z',
    );
    // Sunday noon + 30 min: Monday 08:30.
    expect(addBusinessSeconds(new Date('2026-12-06T15:00:00Z'), 1800, saoPaulo)?.toISOString()).toBe(
      '2026-12-07T11:30:00.000Z',
    );
  });

  it('is the inverse of businessSecondsBetween', () => {
    const from = new Date('2026-11-27T19:12:00Z');
    for (const seconds of [60, 5 * HOUR, 30 * HOUR, 100 * HOUR]) {
      const due = addBusinessSeconds(from, seconds, saoPaulo);
      expect(due).not.toBeNull();
      expect(businessSecondsBetween(from, due as Date, saoPaulo)).toBe(seconds);
    }
  });

  it('is null when the week never opens, and plain addition when no hours are set', () => {
    const closed: BusinessWeek = {
      schedules: [{ weekdayEn: 'monday', startTime: '00:00', endTime: '00:00' }],
      timeZone: 'UTC',
    };
    expect(addBusinessSeconds(new Date('2026-11-30T12:00:00Z'), 60, closed)).toBeNull();
    expect(
      addBusinessSeconds(new Date('2026-11-30T12:00:00Z'), 60, { schedules: [], timeZone: 'UTC' })?.toISOString(),
    ).toBe('2026-11-30T12:01:00.000Z');
  });
});
