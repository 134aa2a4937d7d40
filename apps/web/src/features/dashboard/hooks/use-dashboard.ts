import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardAttendant, DashboardQuery, DashboardRangeQuery } from '@wacrm/shared/dashboard/dashboard.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { useTicketRooms } from '../../tickets/index.ts';
import { dashboardApi, dashboardKeys } from '../api/dashboard-api.ts';
import { watchChartFailures } from '../model/chart-failures.ts';
import { createDashboardLiveRefresh } from '../model/live-refresh.ts';

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

/** One chart's series (its failures are toasted by `useChartFailureToasts`). */
export function useChartSeries<T>(
  key: readonly unknown[],
  range: DashboardRangeQuery | null,
  fetch: (range: DashboardRangeQuery, signal: AbortSignal) => Promise<T>,
) {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetch(range as DashboardRangeQuery, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** spec: userChartError and dateChartError, once per failed chart request. */
export function useChartFailureToasts(companyId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('dashboard');
  useEffect(() => watchChartFailures(queryClient, companyId, (key) => t(key)), [queryClient, companyId, t]);
}

/** Keeps the numbers live: ticket and user events refetch the dashboard once per burst (model/live-refresh). */
export function useDashboardLiveRefresh(companyId: number, attendants: readonly DashboardAttendant[] | undefined) {
  const queryClient = useQueryClient();
  const live = useMemo(() => createDashboardLiveRefresh(queryClient, companyId), [queryClient, companyId]);
  useEffect(() => () => live.dispose(), [live]);
  // Admins hear every ticket through the company-wide list rooms.
  useTicketRooms(allStatuses);
  useSocketEvent(companyEvent(companyId, 'ticket'), live.onTicketEvent);
  useSocketEvent(companyEvent(companyId, 'user'), (event) => live.onUserEvent(event, attendants));
}
