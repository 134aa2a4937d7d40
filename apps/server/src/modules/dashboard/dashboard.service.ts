import {
  DASHBOARD_MAX_CHART_DAYS,
  type DashboardAnswer,
  type DashboardQuery,
  type DashboardRangeQuery,
  type TicketsByDayAnswer,
  type TicketsByUserAnswer,
} from '@wacrm/shared';
import { AppError } from '../../platform/http/app-error.ts';
import type { SettingsReader } from '../settings/index.ts';
import { addDays, daysBetween, resolveDashboardDays } from './company-days.ts';
import type { CompanyDays, DashboardRepository } from './dashboard.repository.ts';

/** Minutes with one decimal: what the cards show, and stable for tests. */
const minutes = (value: number | null) => (value === null ? 0 : Math.round(value * 10) / 10);
const rating = (value: number | null) => (value === null ? 0 : Math.round(value * 100) / 100);

export function createDashboardService(deps: {
  settings: Pick<SettingsReader, 'read'>;
  repository: DashboardRepository;
  clock: () => Date;
}) {
  const { settings, repository, clock } = deps;

  const timeZoneOf = async (companyId: number) => (await settings.read(companyId, ['timezone'])).timezone;

  async function rangeDays(companyId: number, range: DashboardRangeQuery): Promise<CompanyDays> {
    return { dateFrom: range.initialDate, dateTo: range.finalDate, timeZone: await timeZoneOf(companyId) };
  }

  return {
    async summary(companyId: number, query: DashboardQuery): Promise<DashboardAnswer> {
      const days = resolveDashboardDays(query, clock(), await timeZoneOf(companyId));
      const [counters, attendants] = await Promise.all([
        repository.counters(companyId, days),
        repository.attendants(companyId, days),
      ]);
      return {
        counters: {
          supportHappening: counters.happening,
          supportPending: counters.pending,
          supportFinished: counters.finished,
          newContacts: counters.contacts,
          avgSupportTime: minutes(counters.talk),
          avgWaitTime: minutes(counters.wait),
        },
        attendants: attendants.map((row) => ({
          id: row.id,
          name: row.name,
          rating: rating(row.rating),
          avgSupportTime: minutes(row.talk),
          online: row.online,
          tickets: row.tickets,
        })),
        period: days,
      };
    },

    async ticketsByUser(companyId: number, range: DashboardRangeQuery): Promise<TicketsByUserAnswer> {
      const data = await repository.ticketsByUser(companyId, await rangeDays(companyId, range));
      return { data, count: data.reduce((sum, row) => sum + row.count, 0) };
    },

    /** spec: per hour when the range is one day, else per day; every bucket present, zeros included. */
    async ticketsByDay(companyId: number, range: DashboardRangeQuery): Promise<TicketsByDayAnswer> {
      const span = daysBetween(range.initialDate, range.finalDate) + 1;
      if (span > DASHBOARD_MAX_CHART_DAYS) {
        throw new AppError('ERR_VALIDATION', { fields: { finalDate: `At most ${DASHBOARD_MAX_CHART_DAYS} days` } });
      }
      const unit = span === 1 ? 'hour' : 'day';
      const found = await repository.ticketsByBucket(companyId, await rangeDays(companyId, range), unit);
      const counts = new Map(found.map((row) => [row.bucket, row.count]));
      const buckets =
        unit === 'hour'
          ? Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`)
          : Array.from({ length: span }, (_, index) => addDays(range.initialDate, index));
      const data = buckets.map((bucket) => ({ bucket, count: counts.get(bucket) ?? 0 }));
      return { unit, data, count: found.reduce((sum, row) => sum + row.count, 0) };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
