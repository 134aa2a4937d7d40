import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeFilterType, initialFilter, scheduleFirstLoad, toDashboardQuery } from './dashboard-filter.ts';

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

  describe('first load', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('applies the opening filter one second after the page opens, once', () => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date(2024, 4, 10, 9, 30));
      const apply = vi.fn();
      scheduleFirstLoad(apply);
      vi.advanceTimersByTime(999);
      expect(apply).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(apply).toHaveBeenCalledTimes(1);
      expect(apply).toHaveBeenCalledWith({ date_from: '2024-05-01', date_to: '2024-05-10' });
      vi.advanceTimersByTime(10_000);
      expect(apply).toHaveBeenCalledTimes(1);
    });

    it('reads "today" when it fires, and never fires once the page is left', () => {
      vi.useFakeTimers();
      // Opened one second before midnight on the last day of May: the load is for June 1st.
      vi.setSystemTime(new Date(2024, 4, 31, 23, 59, 59, 500));
      const apply = vi.fn();
      scheduleFirstLoad(apply);
      vi.advanceTimersByTime(1_000);
      expect(apply).toHaveBeenCalledWith({ date_from: '2024-06-01', date_to: '2024-06-01' });

      const left = vi.fn();
      const cancel = scheduleFirstLoad(left);
      vi.advanceTimersByTime(500);
      cancel();
      vi.advanceTimersByTime(5_000);
      expect(left).not.toHaveBeenCalled();
    });
  });
});
