import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeIn,
  formatDayOrTime,
  formatMonth,
  formatNumber,
  formatShortDateTime,
  formatTime,
  formatTimeSince,
  recentMonths,
} from './format.ts';

describe('formatDate', () => {
  it('formats a date-only string as that calendar day', () => expect(formatDate('2026-03-05')).toBe('05/03/2026'));
  it('formats a local timestamp', () => expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('31/12/2025'));
  it('answers empty text for nothing or garbage', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

// issue 13 defect 7: ticket notes showed `11/24/26, 6:42 AM`; every screen now reads dd/MM/yyyy HH:mm.
describe('date and time helpers', () => {
  const moment = new Date(2026, 10, 24, 6, 42);
  it('writes dd/MM/yyyy HH:mm (24 hours)', () => {
    expect(formatDateTime(moment)).toBe('24/11/2026 06:42');
    expect(formatDateTime(new Date(2026, 10, 24, 18, 5).toISOString())).toBe('24/11/2026 18:05');
    expect(formatTime(moment)).toBe('06:42');
    expect(formatShortDateTime(moment)).toBe('24/11/26 06:42');
  });
  it('shows the time for today and the day before', () => {
    expect(formatDayOrTime(moment, new Date(2026, 10, 24, 23, 0))).toBe('06:42');
    expect(formatDayOrTime(moment, new Date(2026, 10, 25, 0, 1))).toBe('24/11/2026');
  });
  it('answers empty text for nothing or garbage', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatTime('garbage')).toBe('');
  });
  it('writes numbers as the interface language does', () => {
    expect(formatNumber(1234.567, 'pt', 2)).toBe('1.234,57');
    expect(formatNumber(1234.567, 'en', 2)).toBe('1,234.57');
    expect(formatNumber(2.5, 'es', 2)).toBe('2,5');
  });
});

describe('formatDateTimeIn', () => {
  it("writes the wall clock of the given time zone, not the browser's", () => {
    const moment = '2026-11-25T02:30:00Z';
    expect(formatDateTimeIn(moment, 'America/Sao_Paulo')).toBe('24/11/2026 23:30');
    expect(formatDateTimeIn(moment, 'Asia/Tokyo')).toBe('25/11/2026 11:30');
    expect(formatDateTimeIn(null, 'UTC')).toBe('');
  });
});

describe('formatTimeSince', () => {
  it('counts seconds, minutes, hours and days in the interface language', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(formatTimeSince('2026-11-25T11:55:00Z', 'en', now)).toBe('5 min. ago');
    expect(formatTimeSince('2026-11-25T09:00:00Z', 'pt', now)).toBe('há 3 h');
    expect(formatTimeSince('2026-11-20T12:00:00Z', 'es', now)).toBe('hace 5 d');
  });
});

// issue 51: the AI usage screen named the month in the browser's locale, or not at all.
describe('formatMonth', () => {
  it('names the month in the interface language', () => {
    expect(formatMonth('2026-03', 'pt')).toBe('março de 2026');
    expect(formatMonth('2026-03', 'en')).toBe('March 2026');
    expect(formatMonth('2026-03', 'es')).toBe('marzo de 2026');
  });
  it('answers empty text for garbage', () => {
    expect(formatMonth('2026-13', 'en')).toBe('');
    expect(formatMonth('March', 'en')).toBe('');
  });
});

describe('recentMonths', () => {
  it('counts back from the UTC month of now, across the new year', () => {
    expect(recentMonths(3, new Date('2026-02-01T01:00:00Z'))).toEqual(['2026-02', '2026-01', '2025-12']);
  });
});
