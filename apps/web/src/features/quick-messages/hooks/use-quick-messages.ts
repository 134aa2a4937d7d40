import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { mergeLiveChange } from '../../../lib/live-cache.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { quickMessagesApi, quickMessagesKeys } from '../api/quick-messages-api.ts';
import { applyQuickMessageEvent, type PagedQuickMessages } from '../model/quick-message-list.ts';

/** The quick messages screen's list for one search, kept current by `company-{id}-quickmessage`. */
export function useQuickMessagesList(companyId: number, search: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: quickMessagesKeys.pages(companyId, search),
    queryFn: ({ pageParam, signal }) => quickMessagesApi.page(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
  useSocketEvent(companyEvent(companyId, 'quickmessage'), (event) => {
    mergeLiveChange<PagedQuickMessages>(queryClient, quickMessagesKeys.pages(companyId, search), (data) =>
      applyQuickMessageEvent(data, event, search),
    );
    queryClient.invalidateQueries({
      queryKey: quickMessagesKeys.all(companyId),
      predicate: (cached) => cached.queryKey[3] !== search,
      refetchType: 'none',
    });
    // The composer's `/` list reads this key (features/tickets/conversation).
    queryClient.invalidateQueries({ queryKey: ['quick-messages', 'list'] });
  });
  return query;
}
