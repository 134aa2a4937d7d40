import { describe, expect, it } from 'vitest';
import { changeFilterType, formatMinutes, initialFilter, toDashboardQuery } from './dashboard-filter.ts';

describe('dashboard filter', () => {
  it('opens by date, from the first of the month to today', () => {
    expect(initialFilter(new Date(2024, 4, 10))).toEqual({
      type: 'date',
      dateFrom: '2024-05-01',
      dateTo: '2024-05-10',
      days: 0,
    });
  });

  it('choosing by date clears the period, and the period clears the dates', () => {
    const byPeriod = { type: 'period' as const, dateFrom: '', dateTo: '', days: 7 };
    expect(changeFilterType(byPeriod, 'date')).toMatchObject({ type: 'date', days: 0 });
    expect(changeFilterType(initialFilter(), 'period')).toMatchObject({ type: 'period', dateFrom: '', dateTo: '' });
  });

  it('builds the query, or null when nothing is chosen', () => {
    expect(toDashboardQuery({ type: 'period', dateFrom: '', dateTo: '', days: 0 })).toBeNull();
    expect(toDashboardQuery({ type: 'period', dateFrom: '', dateTo: '', days: 30 })).toEqual({ days: 30 });
    expect(toDashboardQuery({ type: 'date', dateFrom: '', dateTo: '', days: 0 })).toBeNull();
    expect(toDashboardQuery({ type: 'date', dateFrom: '2024-05-01', dateTo: '', days: 0 })).toEqual({
      date_from: '2024-05-01',
    });
    expect(toDashboardQuery({ type: 'date', dateFrom: '', dateTo: '2024-05-02', days: 0 })).toEqual({
      date_to: '2024-05-02',
    });
  });

  it('writes minutes for people', () => {
    expect(formatMinutes(0)).toBe('0m');
    expect(formatMinutes(12.5)).toBe('12m 30s');
    expect(formatMinutes(45)).toBe('45m');
    expect(formatMinutes(65.2)).toBe('1h 05m');
  });
});
