import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement } from '@wacrm/shared/announcements/announcement.schema';
import { mergeLiveChange } from '../../../lib/live-cache.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { announcementsApi, announcementsKeys } from '../api/announcements-api.ts';
import { applyToActiveList } from '../model/announcement-list.ts';

/** The active announcements of the top bar, kept current by `company-announcement`. */
export function useActiveAnnouncements() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: announcementsKeys.active(),
    // A failure here must not toast on every page: the popover shows its own error line.
    queryFn: () => announcementsApi.listActive(),
    staleTime: 5 * 60_000,
  });
  useSocketEvent('company-announcement', (event) => {
    mergeLiveChange<Announcement[]>(queryClient, announcementsKeys.active(), (list) => applyToActiveList(list, event));
  });
  return query;
}
