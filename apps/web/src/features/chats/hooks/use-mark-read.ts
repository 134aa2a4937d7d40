import { useQueryClient } from '@tanstack/react-query';
import type { ChatRecord } from '@wacrm/shared/chats/chat.schema';
import { useEffect, useRef, useState } from 'react';
import { useSessionUser } from '../../auth/index.ts';
import { chatsApi, chatsKeys } from '../api/chats-api.ts';
import { unreadsOf, upsertChat, withMyUnreads } from '../model/chat-cache.ts';

interface LastRead {
  upTo: number;
  isPending: boolean;
  /** My count as the server answered the read (null until it answers). */
  answered: number | null;
}

/**
 * spec: an open chat with unread messages is marked read, while the tab is visible. It is read up
 * to the newest message on screen, so one that arrives while the request travels stays unread (the
 * server counts it) until it is on screen too. The same message is marked again only when the
 * server said nothing was left and a record read before that still shows a count.
 */
export function useMarkRead(chat: ChatRecord, newestMessageId: number | null) {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const unreads = unreadsOf(chat, me.id);
  const lastRead = useRef<LastRead>({ upTo: 0, isPending: false, answered: null });
  const [isVisible, setVisible] = useState(() => document.visibilityState === 'visible');

  useEffect(() => {
    const handle = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', handle);
    return () => document.removeEventListener('visibilitychange', handle);
  }, []);

  useEffect(() => {
    if (unreads === 0 || !isVisible || newestMessageId === null) return;
    const last = lastRead.current;
    const isStaleCount = newestMessageId === last.upTo && !last.isPending && last.answered === 0;
    if (newestMessageId <= last.upTo && !isStaleCount) return;
    const upTo = newestMessageId;
    lastRead.current = { upTo, isPending: true, answered: null };
    const key = chatsKeys.list(me.companyId);
    // A list load already on its way read the count before this read: it must not put it back.
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<ChatRecord[]>(key, (list) =>
      list ? upsertChat(list, withMyUnreads(chat, me.id, 0)) : list,
    );
    const settle = (answered: number | null, failedBack?: number) => {
      if (lastRead.current.upTo !== upTo) return;
      lastRead.current = { upTo: failedBack ?? upTo, isPending: false, answered };
    };
    chatsApi.markRead(chat.id, upTo).then(
      (record) => settle(unreadsOf(record, me.id)),
      () => settle(null, last.upTo),
    );
  }, [unreads, isVisible, newestMessageId, chat, me.id, me.companyId, queryClient]);
}
