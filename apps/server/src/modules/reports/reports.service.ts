import {
  hasPermission,
  instantOf,
  REPORT_MAX_DAYS,
  REPORT_MAX_HOUR_DAYS,
  type ReportAnswer,
  type ReportKind,
  type ReportQuery,
} from '@wacrm/shared';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { SettingsReader } from '../settings/index.ts';
import { addDays, bucketsOf, daysBetween } from './report-buckets.ts';
import { emptySums, figuresOf } from './report-figures.ts';
import type { ReportDimension, ReportSelection, ReportsRepository } from './reports.repository.ts';

const dimensionOf: Record<Exclude<ReportKind, 'overview'>, ReportDimension> = {
  attendants: 'user',
  satisfaction: 'user',
  queues: 'queue',
  tags: 'tag',
  connections: 'whatsapp',
};

export type ReportViewer = Pick<RequestSession, 'companyId' | 'userId' | 'profile'>;

/** Service-level targets met and breached (the sla module's counts, wired in app.ts). */
export type SlaCounter = (
  companyId: number,
  filters: { from: Date; to: Date; queueIds?: number[]; userIds?: number[]; whatsappIds?: number[] },
) => Promise<NonNullable<ReportAnswer['sla']>>;

export function createReportsService(deps: {
  settings: Pick<SettingsReader, 'read'>;
  repository: ReportsRepository;
  slaCounts?: SlaCounter;
  /** The company's rows wait for their rebuild after a time zone change. */
  isRebuilding?: (companyId: number) => Promise<boolean>;
}) {
  const { settings, repository } = deps;

  /** The instants that bound the selection's days on the company's calendar. */
  function instantsOf(selection: ReportSelection, timeZone: string) {
    const midnight = (day: string) => {
      const [year, month, date] = day.split('-').map(Number);
      return instantOf({ year, month, day: date, hour: 0, minute: 0, second: 0 }, timeZone);
    };
    return { from: midnight(selection.from), to: midnight(addDays(selection.to, 1)) };
  }

  /** The satisfaction report's comments, the newest first. */
  async function commentsOf(companyId: number, selection: ReportSelection, timeZone: string) {
    const rows = await repository.comments(companyId, selection, instantsOf(selection, timeZone));
    return rows.map((row) => ({
      ticketId: row.ticket_id,
      ratedAt: new Date(row.rated_at).toISOString(),
      rate: row.rate,
      comment: row.comment,
      userName: row.user_name ?? '',
      contactName: row.contact_name ?? '',
    }));
  }

  /** The overview's service levels over the period's days on the company's calendar. */
  async function slaOf(companyId: number, selection: ReportSelection, timeZone: string) {
    if (!deps.slaCounts || selection.tagIds?.length) return null;
    return deps.slaCounts(companyId, {
      ...instantsOf(selection, timeZone),
      queueIds: selection.queueIds,
      userIds: selection.userIds,
      whatsappIds: selection.whatsappIds,
    });
  }

  /**
   * Admins and supervisors see everyone; an attendant only their own figures: their filter is
   * forced to themselves, and naming anyone else is refused rather than silently ignored.
   */
  function selectionFor(viewer: ReportViewer, query: ReportQuery): ReportSelection {
    const selection: ReportSelection = {
      from: query.from,
      to: query.to,
      queueIds: query.queueIds,
      userIds: query.userIds,
      whatsappIds: query.whatsappIds,
      tagIds: query.tagIds,
    };
    if (hasPermission(viewer, 'reports:viewAll')) return selection;
    if (query.userIds?.some((id) => id !== viewer.userId)) throw new AppError('ERR_NO_PERMISSION');
    return { ...selection, userIds: [viewer.userId] };
  }

  function checkPeriod(query: ReportQuery) {
    const days = daysBetween(query.from, query.to) + 1;
    if (days > REPORT_MAX_DAYS) {
      throw new AppError('ERR_VALIDATION', { fields: { to: `At most ${REPORT_MAX_DAYS} days` } });
    }
    if (query.groupBy === 'hour' && days > REPORT_MAX_HOUR_DAYS) {
      throw new AppError('ERR_VALIDATION', { fields: { groupBy: `By hour for at most ${REPORT_MAX_HOUR_DAYS} days` } });
    }
    return days;
  }

  return {
    async report(viewer: ReportViewer, kind: ReportKind, query: ReportQuery): Promise<ReportAnswer> {
      const days = checkPeriod(query);
      const selection = selectionFor(viewer, query);
      const previous = { from: addDays(query.from, -days), to: addDays(query.from, -1) };
      const withMessages = !query.tagIds?.length;
      const companyId = viewer.companyId;
      const [{ timezone }, totals, previousTotals, series, rows, rebuilding] = await Promise.all([
        settings.read(companyId, ['timezone']),
        repository.totals(companyId, selection),
        repository.totals(companyId, { ...selection, ...previous }),
        repository.series(companyId, selection, query.groupBy),
        kind === 'overview' ? Promise.resolve([]) : repository.rows(companyId, selection, dimensionOf[kind]),
        deps.isRebuilding?.(companyId) ?? false,
      ]);
      const byBucket = new Map(series.map((point) => [point.bucket, point]));
      const rowWithMessages = withMessages && kind !== 'tags';
      return {
        kind,
        period: { from: query.from, to: query.to, timeZone: timezone, groupBy: query.groupBy },
        rebuilding,
        previousPeriod: previous,
        totals: figuresOf(totals),
        previousTotals: figuresOf(previousTotals),
        series: bucketsOf(query.from, query.to, query.groupBy).map((bucket) => ({
          bucket,
          ...figuresOf(byBucket.get(bucket) ?? emptySums(withMessages)),
        })),
        rows: rows
          .filter((row) => (kind !== 'attendants' && kind !== 'satisfaction' ? true : row.key !== 0))
          .map((row) => ({
            id: row.key,
            name: row.name ?? '',
            ...figuresOf({ ...row, ...(rowWithMessages ? {} : { messages_in: null, messages_out: null }) }),
          }))
          .sort((a, b) => b.closed - a.closed || b.opened - a.opened || a.name.localeCompare(b.name)),
        sla: kind === 'overview' ? await slaOf(companyId, selection, timezone) : null,
        comments: kind === 'satisfaction' ? await commentsOf(companyId, selection, timezone) : null,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
