import { DASHBOARD_FIRST_LOAD_DELAY_MS, type DashboardQuery } from '@wacrm/shared/dashboard/dashboard.schema';

export type FilterType = 'date' | 'period';

export interface DashboardFilter {
  type: FilterType;
  /** `yyyy-MM-dd` or '' */
  dateFrom: string;
  dateTo: string;
  /** 0 is "none". */
  days: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A local calendar day as `yyyy-MM-dd`. */
export function toIsoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What the page opens with: by date, from the first of this month to today. */
export function initialFilter(today = new Date()): DashboardFilter {
  return {
    type: 'date',
    dateFrom: toIsoDay(new Date(today.getFullYear(), today.getMonth(), 1)),
    dateTo: toIsoDay(today),
    days: 0,
  };
}

/** spec: choosing the filter by date clears the period (and choosing the period clears the dates). */
export function changeFilterType(filter: DashboardFilter, type: FilterType): DashboardFilter {
  return type === 'date' ? { ...filter, type, days: 0 } : { ...filter, type, dateFrom: '', dateTo: '' };
}

/**
 * The query for `GET /dashboard`, or null when the filter names nothing (spec: a days value,
 * a date from or a date to is needed, else the 'select filter' toast).
 */
export function toDashboardQuery(filter: DashboardFilter): DashboardQuery | null {
  if (filter.type === 'period') return filter.days > 0 ? { days: filter.days } : null;
  if (!filter.dateFrom && !filter.dateTo) return null;
  const query: DashboardQuery = {};
  if (filter.dateFrom) query.date_from = filter.dateFrom;
  if (filter.dateTo) query.date_to = filter.dateTo;
  return query;
}

/**
 * spec: the first load happens one second after the page opens, with the opening filter read
 * at that moment. Answers the cancel function (the page left before).
 */
export function scheduleFirstLoad(
  apply: (query: DashboardQuery) => void,
  delayMs = DASHBOARD_FIRST_LOAD_DELAY_MS,
  today: () => Date = () => new Date(),
) {
  const timer = setTimeout(() => {
    const query = toDashboardQuery(initialFilter(today()));
    if (query) apply(query);
  }, delayMs);
  return () => clearTimeout(timer);
}
