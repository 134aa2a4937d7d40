import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DASHBOARD_REFRESH_DEBOUNCE_MS,
  type DashboardAttendant,
  type DashboardQuery,
  type DashboardRangeQuery,
} from '@wacrm/shared/dashboard/dashboard.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useEffect, useRef } from 'react';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useTicketRooms } from '../../tickets/hooks/use-ticket-rooms.ts';
import { dashboardApi, dashboardKeys } from '../api/dashboard-api.ts';

const allStatuses = ['open', 'pending', 'closed'] as const;

/** Counters and attendants for the applied filter (null until the first load). */
export function useDashboardSummary(companyId: number, query: DashboardQuery | null) {
  return useQuery({
    queryKey: dashboardKeys.summary(companyId, query ?? {}),
    queryFn: ({ signal }) => dashboardApi.summary(query ?? {}, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** One chart's series; a failure shows the chart's own toast (spec: userChartError, dateChartError). */
export function useChartSeries<T>(
  key: readonly unknown[],
  range: DashboardRangeQuery | null,
  fetch: (range: DashboardRangeQuery, signal: AbortSignal) => Promise<T>,
  errorMessage: string,
) {
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetch(range as DashboardRangeQuery, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => {
    if (query.errorUpdatedAt) toast.error(errorMessage);
  }, [query.errorUpdatedAt, errorMessage]);
  return query;
}

/**
 * Keeps the numbers live: ticket and user events (accept, close, presence) are gathered for
 * two seconds and then the dashboard's queries refetch once, however many events came.
 */
export function useDashboardLiveRefresh(companyId: number, attendants: readonly DashboardAttendant[] | undefined) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Admins hear every ticket through the company-wide list rooms.
  useTicketRooms(allStatuses);
  const schedule = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all(companyId) });
    }, DASHBOARD_REFRESH_DEBOUNCE_MS);
  };
  useSocketEvent(companyEvent(companyId, 'ticket'), schedule);
  // Every heartbeat re-sends the user: only a change of name or online state matters here.
  useSocketEvent(companyEvent(companyId, 'user'), (event) => {
    if (event.action === 'update') {
      const shown = attendants?.find((attendant) => attendant.id === event.user.id);
      if (shown && shown.name === event.user.name && shown.online === Boolean(event.user.online)) return;
    }
    schedule();
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
