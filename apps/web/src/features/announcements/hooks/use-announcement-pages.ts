import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementPage } from '@wacrm/shared/announcements/announcement.schema';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { announcementsApi, announcementsKeys } from '../api/announcements-api.ts';
import { applyToPages } from '../model/announcement-list.ts';

/** The super user's table: pages of 20, merged live by `company-announcement`. */
export function useAnnouncementPages(searchParam: string, isEnabled: boolean) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: announcementsKeys.pages(searchParam),
    queryFn: ({ pageParam }) => announcementsApi.listPage(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
    enabled: isEnabled,
  });
  useSocketEvent(isEnabled ? 'company-announcement' : null, (event) => {
    queryClient.setQueriesData<InfiniteData<AnnouncementPage, number>>(
      { queryKey: ['announcements', 'pages'] },
      (data) => (data ? { ...data, pages: applyToPages(data.pages, event) } : data),
    );
  });
  return query;
}
