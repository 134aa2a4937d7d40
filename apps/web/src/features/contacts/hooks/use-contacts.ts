import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactsEvent } from '@wacrm/shared/contacts/contact.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { mergeLiveChange } from '../../../lib/live-cache.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { contactsApi, contactsKeys } from '../api/contacts-api.ts';
import { applyContactEvent, type PagedContacts } from '../model/contact-list.ts';

/** The contacts screen's list for one search, page by page, kept current by `company-{id}-contact`. */
export function useContactsList(companyId: number, search: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: contactsKeys.pages(companyId, search),
    queryFn: ({ pageParam, signal }) => contactsApi.page(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
  useSocketEvent(companyEvent(companyId, 'contact'), (payload) => {
    const event = payload as unknown as ContactsEvent;
    mergeLiveChange<PagedContacts>(queryClient, contactsKeys.pages(companyId, search), (data) =>
      applyContactEvent(data, event, search),
    );
    // Other searches refetch when shown again.
    queryClient.invalidateQueries({
      queryKey: contactsKeys.all(companyId),
      predicate: (cached) => cached.queryKey[2] === 'pages' && cached.queryKey[3] !== search,
      refetchType: 'none',
    });
  });
  return query;
}
