import { useQuery } from '@tanstack/react-query';
import type { ChatRecord } from '@wacrm/shared/chats/chat.schema';
import { useSessionUser } from '../../auth/index.ts';
import { useCompanyPlan } from '../../plans/index.ts';
import { chatsApi, chatsKeys } from '../api/chats-api.ts';
import { totalUnreads } from '../model/chat-cache.ts';

/** Whether the company's plan has the internal chat (the server refuses it otherwise). */
export function useInternalChatEnabled() {
  const user = useSessionUser();
  const { data: plan, isLoading } = useCompanyPlan(user.companyId);
  return { isEnabled: plan?.useInternalChat === true, isPlanLoading: isLoading };
}

/** My chats (kept current by the realtime events) and my unread total. */
export function useChats() {
  const user = useSessionUser();
  const { isEnabled, isPlanLoading } = useInternalChatEnabled();
  const query = useQuery({
    queryKey: chatsKeys.list(user.companyId),
    queryFn: (): Promise<ChatRecord[]> => chatsApi.listAll(),
    enabled: isEnabled,
  });
  const chats = query.data ?? [];
  return { ...query, chats, total: totalUnreads(chats, user.id), isEnabled, isPlanLoading };
}
