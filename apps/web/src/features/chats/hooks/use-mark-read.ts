import { useQueryClient } from '@tanstack/react-query';
import type { ChatRecord } from '@wacrm/shared/chats/chat.schema';
import { useEffect, useRef, useState } from 'react';
import { useSessionUser } from '../../auth/index.ts';
import { chatsApi, chatsKeys } from '../api/chats-api.ts';
import { unreadsOf, upsertChat, withMyUnreads } from '../model/chat-cache.ts';

/** spec: an open chat with unread messages is marked read, while the tab is visible. */
export function useMarkRead(chat: ChatRecord) {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const unreads = unreadsOf(chat, me.id);
  const pending = useRef(false);
  const [isVisible, setVisible] = useState(() => document.visibilityState === 'visible');

  useEffect(() => {
    const handle = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', handle);
    return () => document.removeEventListener('visibilitychange', handle);
  }, []);

  useEffect(() => {
    if (unreads === 0 || !isVisible || pending.current) return;
    pending.current = true;
    const key = chatsKeys.list(me.companyId);
    queryClient.setQueryData<ChatRecord[]>(key, (list) =>
      list ? upsertChat(list, withMyUnreads(chat, me.id, 0)) : list,
    );
    chatsApi
      .markRead(chat.id)
      .catch(() => null)
      .finally(() => {
        pending.current = false;
      });
  }, [unreads, isVisible, chat, me.id, me.companyId, queryClient]);
}
