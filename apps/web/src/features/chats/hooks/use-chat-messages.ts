import { useInfiniteQuery } from '@tanstack/react-query';
import { useSessionUser } from '../../auth/index.ts';
import { chatsApi, chatsKeys } from '../api/chats-api.ts';
import { flattenMessages } from '../model/chat-cache.ts';

/** A chat's messages, the newest page first; older pages load on demand. */
export function useChatMessages(chatId: number) {
  const user = useSessionUser();
  const query = useInfiniteQuery({
    queryKey: chatsKeys.messages(user.companyId, chatId),
    queryFn: ({ pageParam, signal }) => chatsApi.messages(chatId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    // Realtime keeps it current while open; reopening the chat later reloads what was missed.
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
  return { ...query, messages: flattenMessages(query.data) };
}
