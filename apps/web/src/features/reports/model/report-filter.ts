import type { ReportGrouping } from '@wacrm/shared/reports/report-kinds';
import type { ReportQueryInput } from '@wacrm/shared/reports/reports.schema';

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

const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The days of a preset, on the browser's calendar (the server reads them as the company's days). */
export function presetRange(preset: PeriodPreset, today: Date): { from: string; to: string } | null {
  const back = (days: number) => {
    const start = new Date(today);
    start.setDate(start.getDate() - (days - 1));
    return { from: day(start), to: day(today) };
  };
  switch (preset) {
    case 'last7':
      return back(7);
    case 'last30':
      return back(30);
    case 'last90':
      return back(90);
    case 'thisMonth':
      return { from: day(new Date(today.getFullYear(), today.getMonth(), 1)), to: day(today) };
    case 'lastMonth':
      return {
        from: day(new Date(today.getFullYear(), today.getMonth() - 1, 1)),
        to: day(new Date(today.getFullYear(), today.getMonth(), 0)),
      };
    default:
      return null;
  }
}

export function initialFilter(today: Date): ReportFilter {
  const range = presetRange('last30', today) as { from: string; to: string };
  return { preset: 'last30', ...range, groupBy: 'day', queueIds: [], userIds: [], whatsappIds: [], tagIds: [] };
}

/** A preset chosen: its days; "custom" keeps the days shown so they can be edited. */
export function choosePreset(filter: ReportFilter, preset: PeriodPreset, today: Date): ReportFilter {
  return { ...filter, preset, ...(presetRange(preset, today) ?? {}) };
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
