import { reportDurationFigures } from '@wacrm/shared/reports/report-columns';
import type { ReportFigure } from '@wacrm/shared/reports/reports.schema';
import { formatNumber } from '../../../lib/format.ts';

export type DurationKey = 'duration.seconds' | 'duration.minutesSeconds' | 'duration.hoursMinutes';
export type DurationTranslate = (key: DurationKey, values: Record<string, string>) => string;

const pad = (value: number) => String(value).padStart(2, '0');

/** Seconds for people: "45s", "12m 05s", "3h 20m" (units of the interface language). */
export function formatSeconds(total: number, t: DurationTranslate): string {
  const seconds = Math.round(total);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return t('duration.hoursMinutes', { hours: String(hours), minutes: pad(minutes) });
  if (minutes > 0) return t('duration.minutesSeconds', { minutes: String(minutes), seconds: pad(seconds % 60) });
  return t('duration.seconds', { seconds: String(seconds) });
}

const durations = reportDurationFigures;

/** A figure as a cell or card shows it: durations as times, the rate in percent, "—" when not measured. */
export function formatFigure(figure: ReportFigure, value: number | null, t: DurationTranslate, locale: string): string {
  if (value === null) return '—';
  if (durations.has(figure)) return formatSeconds(value, t);
  if (figure === 'ratingResponseRate') return `${formatNumber(value * 100, locale, 1)}%`;
  return formatNumber(value, locale, 2);
}

/** Lower is better for times: their change is good when it goes down. */
export const isLowerBetter = (figure: ReportFigure) => durations.has(figure);
