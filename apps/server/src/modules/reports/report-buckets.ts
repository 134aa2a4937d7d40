import type { ReportGrouping } from '@wacrm/shared';

/** Calendar arithmetic on `yyyy-MM-dd` (no time zone involved: these are the company's days). */
export function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Monday of the ISO week holding `date` (PostgreSQL's `date_trunc('week', …)`). */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * Every bucket of the period, in order, labelled as the repository labels them, so the chart has
 * a point for each one (zeros included). Hours are the company's wall clock: a daylight-saving
 * day shows its skipped hour empty and its repeated hour once.
 */
export function bucketsOf(from: string, to: string, groupBy: ReportGrouping): string[] {
  const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, index) => addDays(from, index));
  if (groupBy === 'day') return days;
  if (groupBy === 'hour') {
    return days.flatMap((day) => Array.from({ length: 24 }, (_, hour) => `${day} ${String(hour).padStart(2, '0')}:00`));
  }
  const labels = days.map((day) => (groupBy === 'week' ? mondayOf(day) : day.slice(0, 7)));
  return [...new Set(labels)];
}
