import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessageRecord, ChatRecord } from '@wacrm/shared/chats/chat.schema';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
import { chatsApi, chatsKeys } from '../api/chats-api.ts';
import { useChatMessages } from '../hooks/use-chat-messages.ts';
import { useMarkRead } from '../hooks/use-mark-read.ts';
import { appendMessage, dayKey, dayLabel, isEditable, type MessagePages, replaceMessage } from '../model/chat-cache.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatHeader } from './chat-header.tsx';
import { ChatMessageBubble } from './chat-message-bubble.tsx';

/** spec §9: older messages load when scrolled within 600 px of the top. */
const LOAD_OLDER_WITHIN_PX = 600;

interface ChatConversationProps {
  chat: ChatRecord;
  onBack?: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The open chat: date dividers, messages (mine on the right), the composer; opening it marks it read. */
export function ChatConversation({ chat, onBack, onEdit, onDelete }: ChatConversationProps) {
  const { t } = useTranslation('chats');
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const { messages, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useChatMessages(chat.id);
  const [editing, setEditing] = useState<ChatMessageRecord | null>(null);
  const [deleting, setDeleting] = useState<ChatMessageRecord | null>(null);
  const scroller = useRef<HTMLDivElement | null>(null);
  const shape = useRef({ firstId: 0, lastId: 0, fromBottom: 0 });
  useMarkRead(chat, messages.at(-1)?.id ?? null);

  const setMessages = (change: (data: MessagePages | undefined) => MessagePages | undefined) =>
    queryClient.setQueryData<MessagePages>(chatsKeys.messages(me.companyId, chat.id), change);

  // Keeps the view steady: older messages above leave the reader where they were; a new message
  // at the bottom follows when the reader was at the bottom or sent it.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || messages.length === 0) return;
    const first = messages[0].id;
    const last = messages[messages.length - 1];
    const before = shape.current;
    if (before.lastId === 0) box.scrollTop = box.scrollHeight;
    else if (first !== before.firstId && last.id === before.lastId)
      box.scrollTop = box.scrollHeight - before.fromBottom;
    else if (last.id !== before.lastId && (before.fromBottom - box.clientHeight < 160 || last.senderId === me.id)) {
      box.scrollTop = box.scrollHeight;
    }
    shape.current = { firstId: first, lastId: last.id, fromBottom: box.scrollHeight - box.scrollTop };
    if (box.scrollTop < LOAD_OLDER_WITHIN_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [messages, me.id, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const handleScroll = () => {
    const box = scroller.current;
    if (!box) return;
    shape.current.fromBottom = box.scrollHeight - box.scrollTop;
    if (box.scrollTop < LOAD_OLDER_WITHIN_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  const handleSubmit = async (text: string) => {
    try {
      if (editing) {
        const saved = await chatsApi.editMessage(chat.id, editing.id, text);
        setMessages((data) => replaceMessage(data, saved));
        setEditing(null);
      } else {
        const sent = await chatsApi.send(chat.id, text);
        setMessages((data) => appendMessage(data, sent));
      }
      return true;
    } catch (error) {
      toast.error(errorMessage(error) ?? t('conversation.sendFailed'));
      return false;
    }
  };

  const handleDeleteMessage = async () => {
    if (!deleting) return;
    try {
      const removed = await chatsApi.deleteMessage(chat.id, deleting.id);
      setMessages((data) => replaceMessage(data, removed));
    } catch (error) {
      toast.error(errorMessage(error) ?? t('conversation.sendFailed'));
    }
    setDeleting(null);
  };

  const now = Date.now();
  return (
    <Box
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}
      data-testid="chat-conversation"
    >
      <ChatHeader chat={chat} myId={me.id} onBack={onBack} onEdit={onEdit} onDelete={onDelete} />
      <Box
        ref={scroller}
        onScroll={handleScroll}
        sx={{ flex: 1, overflowY: 'auto', py: 1 }}
        data-testid="chat-messages"
        aria-live="polite"
      >
        {(isLoading || isFetchingNextPage) && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
            <CircularProgress size={24} />
          </Box>
        )}
        {isError && (
          <Typography color="error" sx={{ p: 3, textAlign: 'center' }}>
            {t('conversation.loadFailed')}
          </Typography>
        )}
        {!isLoading && !isError && messages.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="chat-messages-empty">
            {t('conversation.empty')}
          </Typography>
        )}
        {messages.map((message, index) => {
          const isNewDay = index === 0 || dayKey(messages[index - 1].createdAt) !== dayKey(message.createdAt);
          const label = dayLabel(message.createdAt);
          return (
            <Fragment key={message.id}>
              {isNewDay && (
                <Divider sx={{ my: 1.5, px: 2, typography: 'caption', color: 'text.secondary' }} role="separator">
                  {label.kind === 'date' ? label.date : t(`conversation.${label.kind}`)}
                </Divider>
              )}
              <ChatMessageBubble
                message={message}
                isMine={message.senderId === me.id}
                canEdit={isEditable(message, me.id, now)}
                onEdit={() => setEditing(message)}
                onDelete={() => setDeleting(message)}
              />
            </Fragment>
          );
        })}
      </Box>
      <ChatComposer editing={editing} onCancelEdit={() => setEditing(null)} onSubmit={handleSubmit} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('conversation.deleteTitle')}
        confirmLabel={t('conversation.delete')}
        onConfirm={() => void handleDeleteMessage()}
        onClose={() => setDeleting(null)}
      >
        {t('conversation.deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
