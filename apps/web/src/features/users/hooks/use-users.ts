import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { mergeLiveChange } from '../../../lib/live-cache.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { queuesApi, queuesKeys } from '../../queues/index.ts';
import { usersApi, usersKeys } from '../api/users-api.ts';
import { applyUserEvent, type PagedUsers } from '../model/user-list.ts';

/** The users screen's list for one search, page by page, kept current by `company-{id}-user` events. */
export function useUsersList(companyId: number, search: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: usersKeys.pages(companyId, search),
    queryFn: ({ pageParam, signal }) => usersApi.page(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
  useSocketEvent(companyEvent(companyId, 'user'), (event) => {
    mergeLiveChange<PagedUsers>(queryClient, usersKeys.pages(companyId, search), (data) =>
      applyUserEvent(data, event, search),
    );
    // Other searches and the pickers refetch when next shown.
    queryClient.invalidateQueries({
      queryKey: usersKeys.all(companyId),
      predicate: (cached) => cached.queryKey[3] !== search,
      refetchType: 'none',
    });
    if (event.action !== 'update') queryClient.invalidateQueries({ queryKey: usersKeys.allowance(companyId) });
  });
  return query;
}

/** The company's queues for the modal's queue picker (the queues screen's list, shared in the cache). */
export function useQueueOptions(companyId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: queuesKeys.list(companyId),
    queryFn: queuesApi.list,
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
