import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { mergeLiveChange } from '../../../lib/live-cache.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { tagsApi, tagsKeys } from '../api/tags-api.ts';
import { applyTagEvent, type PagedTags } from '../model/tag-list.ts';

/** The tags screen's list for one search, page by page, kept current by `company-{id}-tag` events. */
export function useTagsList(companyId: number, search: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: tagsKeys.pages(companyId, search),
    queryFn: ({ pageParam, signal }) => tagsApi.page(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
  useSocketEvent(companyEvent(companyId, 'tag'), (event) => {
    mergeLiveChange<PagedTags>(queryClient, tagsKeys.pages(companyId, search), (data) =>
      applyTagEvent(data, event, search),
    );
    // Other searches and the pickers refetch when next shown.
    queryClient.invalidateQueries({
      queryKey: tagsKeys.all(companyId),
      predicate: (cached) => cached.queryKey[3] !== search,
      refetchType: 'none',
    });
  });
  return query;
}

/** Every tag of the company, for pickers; refreshed by the same events. */
export function useTagOptions(companyId: number) {
  const queryClient = useQueryClient();
  useSocketEvent(companyEvent(companyId, 'tag'), () => {
    queryClient.invalidateQueries({ queryKey: tagsKeys.options(companyId) });
  });
  return useQuery({ queryKey: tagsKeys.options(companyId), queryFn: tagsApi.options, staleTime: 30_000 });
}
