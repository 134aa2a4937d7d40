import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useEffect } from 'react';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { useCompanyPlan } from '../../plans/index.ts';
import { schedulesApi, schedulesKeys } from '../api/schedules-api.ts';

/** Pages the calendar reads at most (100 each): the newest send times first. */
const MAX_PAGES = 10;

/** The calendar's schedules for one search, every page up to MAX_PAGES, kept current live. */
export function useSchedulesList(companyId: number, search: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: schedulesKeys.list(companyId, search),
    queryFn: ({ pageParam, signal }) => schedulesApi.page(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore && all.length < MAX_PAGES ? all.length + 1 : undefined),
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  useSocketEvent(companyEvent(companyId, 'schedule'), () => {
    void queryClient.invalidateQueries({ queryKey: schedulesKeys.all(companyId) });
  });
  return query;
}

/** Whether the company's plan has schedules (the ticket and contact actions hide otherwise). */
export function useSchedulesAllowed(companyId: number) {
  return useCompanyPlan(companyId).data?.useSchedules === true;
}
