import type { DashboardQuery } from '@wacrm/shared';
import { AppError } from '../../platform/http/app-error.ts';
import type { CompanyDays } from './dashboard.repository.ts';

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The company's calendar day of a moment, `yyyy-MM-dd` (en-CA writes dates that way). */
export function companyDate(moment: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(moment);
}

/** Calendar arithmetic on `yyyy-MM-dd` (no time zone involved). */
export function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * `GET /dashboard`'s filter as whole company days (docs/decisions/dashboard.md): dates win over
 * `days`; a lone `date_from` runs to today, a lone `date_to` is that one day; `days` N is the
 * last N days with today; nothing (or days 0, "none") is today.
 */
export function resolveDashboardDays(query: DashboardQuery, now: Date, timeZone: string): CompanyDays {
  const today = companyDate(now, timeZone);
  if (query.date_from || query.date_to) {
    const dateTo = query.date_to ?? today;
    const dateFrom = query.date_from ?? dateTo;
    if (dateFrom > dateTo) {
      throw new AppError('ERR_VALIDATION', { fields: { date_from: 'date_from is after date_to' } });
    }
    return { dateFrom, dateTo, timeZone };
  }
  const days = query.days && query.days > 0 ? query.days : 1;
  return { dateFrom: addDays(today, -(days - 1)), dateTo: today, timeZone };
}
