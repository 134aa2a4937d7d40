import type { ReportGrouping } from '@wacrm/shared/reports/report-kinds';
import type { ReportQueryInput } from '@wacrm/shared/reports/reports.schema';
import { wallClockOf } from '@wacrm/shared/schedules/wall-clock';

export type PeriodPreset = 'last7' | 'last30' | 'last90' | 'thisMonth' | 'lastMonth' | 'custom';
export const periodPresets: PeriodPreset[] = ['last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'custom'];

export interface ReportFilter {
  preset: PeriodPreset;
  from: string;
  to: string;
  groupBy: ReportGrouping;
  queueIds: number[];
  userIds: number[];
  whatsappIds: number[];
  tagIds: number[];
}

/** `yyyy-MM-dd` of a calendar date held as UTC midnight (no browser zone in the arithmetic). */
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The days of a preset on the company's calendar (`timeZone`, the `timezone` setting), as the
 * server reads `from` and `to`: "today" is the company's today, whatever the browser's clock.
 */
export function presetRange(preset: PeriodPreset, now: Date, timeZone: string): { from: string; to: string } | null {
  const clock = wallClockOf(now, timeZone);
  const date = (month: number, dayOfMonth: number) => new Date(Date.UTC(clock.year, month - 1, dayOfMonth));
  const today = date(clock.month, clock.day);
  const back = (days: number) => ({ from: day(date(clock.month, clock.day - (days - 1))), to: day(today) });
  switch (preset) {
    case 'last7':
      return back(7);
    case 'last30':
      return back(30);
    case 'last90':
      return back(90);
    case 'thisMonth':
      return { from: day(date(clock.month, 1)), to: day(today) };
    case 'lastMonth':
      return { from: day(date(clock.month - 1, 1)), to: day(date(clock.month, 0)) };
    default:
      return null;
  }
}

export function initialFilter(now: Date, timeZone: string): ReportFilter {
  const range = presetRange('last30', now, timeZone) as { from: string; to: string };
  return { preset: 'last30', ...range, groupBy: 'day', queueIds: [], userIds: [], whatsappIds: [], tagIds: [] };
}

/** A preset chosen: its days; "custom" keeps the days shown so they can be edited. */
export function choosePreset(filter: ReportFilter, preset: PeriodPreset, now: Date, timeZone: string): ReportFilter {
  return { ...filter, preset, ...(presetRange(preset, now, timeZone) ?? {}) };
}

/** The filter as the routes' query: id lists joined with commas, empty ones left out. */
export function toReportQuery(filter: ReportFilter): ReportQueryInput {
  const list = (ids: number[]) => (ids.length > 0 ? ids.join(',') : undefined);
  return {
    from: filter.from,
    to: filter.to,
    groupBy: filter.groupBy,
    queueIds: list(filter.queueIds),
    userIds: list(filter.userIds),
    whatsappIds: list(filter.whatsappIds),
    tagIds: list(filter.tagIds),
  };
}

/** The change of a headline figure against the previous period, in percent (null: nothing to compare). */
export function changeOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
