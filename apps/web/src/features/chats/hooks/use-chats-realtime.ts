import { useQueryClient } from '@tanstack/react-query';
import type { ChatEvent, ChatMessageRecord, ChatRecord } from '@wacrm/shared/chats/chat.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { useSocket, useSocketEvent } from '../../../lib/socket-context.ts';
import { useSessionUser } from '../../auth/index.ts';
import { playNotificationSound } from '../../tickets/index.ts';
import { chatsKeys } from '../api/chats-api.ts';
import { appendMessage, type MessagePages, removeChat, replaceMessage, upsertChat } from '../model/chat-cache.ts';

/**
 * `company-{id}-chat` (only my chats' events reach me): keeps my chat list and the loaded messages
 * current, and for someone else's new message plays the chime (at the saved volume) and, when the
 * tab is hidden, shows a browser notification. Mounted once, by the top bar's chat popover.
 */
export function useChatsRealtime(isEnabled: boolean) {
  const { t } = useTranslation('chats');
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openUuid = useMatch('/chats/:id')?.params.id ?? null;
  const alerted = useRef(new Set<number>());
  const socket = useSocket();
  const listKey = chatsKeys.list(user.companyId);
  const updateList = (change: (list: ChatRecord[]) => ChatRecord[]) =>
    queryClient.setQueryData<ChatRecord[]>(listKey, (list) => (list ? change(list) : list));
  const updateMessages = (chatId: number, change: (data: MessagePages | undefined) => MessagePages | undefined) =>
    queryClient.setQueryData<MessagePages>(chatsKeys.messages(user.companyId, chatId), change);

  const alert = (message: ChatMessageRecord, chat: ChatRecord) => {
    const isVisible = document.visibilityState === 'visible';
    if (message.senderId === user.id || alerted.current.has(message.id)) return;
    if (isVisible && chat.uuid === openUuid) return;
    alerted.current.add(message.id);
    playNotificationSound();
    if (isVisible || !('Notification' in window) || Notification.permission !== 'granted') return;
    const notice = new Notification(t('notification.title', { name: message.sender?.name ?? '', chat: chat.title }), {
      body: message.message,
      tag: `chat-${chat.uuid}`,
    });
    notice.onclick = () => {
      window.focus();
      navigate(`/chats/${chat.uuid}`);
      notice.close();
    };
  };

  // Events missed while the socket was away: a reconnection reloads my chats and open messages.
  useEffect(() => {
    if (!socket || !isEnabled) return;
    let hasConnected = socket.connected;
    const reload = () => {
      if (hasConnected) void queryClient.invalidateQueries({ queryKey: ['chats', user.companyId] });
      hasConnected = true;
    };
    socket.on('connect', reload);
    return () => {
      socket.off('connect', reload);
    };
  }, [socket, isEnabled, queryClient, user.companyId]);

  useSocketEvent(isEnabled ? companyEvent(user.companyId, 'chat') : null, (event: ChatEvent) => {
    switch (event.action) {
      case 'create':
      case 'update':
        updateList((list) => upsertChat(list, event.record));
        return;
      case 'delete':
        updateList((list) => removeChat(list, event.id));
        queryClient.removeQueries({ queryKey: chatsKeys.messages(user.companyId, event.id) });
        return;
      case 'new-message':
        updateList((list) => upsertChat(list, event.chat));
        updateMessages(event.chat.id, (data) => appendMessage(data, event.newMessage));
        alert(event.newMessage, event.chat);
        return;
      case 'update-message':
        updateMessages(event.message.chatId, (data) => replaceMessage(data, event.message));
        return;
    }
  });
}
