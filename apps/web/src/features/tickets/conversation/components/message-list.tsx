import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThreadState } from '../hooks/use-thread.ts';
import { buildThreadItems } from '../model/thread.ts';
import { MessageBubble } from './message-bubble.tsx';
import { DateDivider, TicketDivider } from './thread-dividers.tsx';

/** spec: older pages load when scrolled within 50 px of the top. */
const LOAD_OLDER_WITHIN_PX = 50;
const AT_BOTTOM_WITHIN_PX = 80;

interface MessageListProps {
  thread: ThreadState;
  ticketId: number;
  contactName: string;
  isGroup: boolean;
  canAct: boolean;
  userId: number;
  onReply: (message: MessageRecord) => void;
  onEdit: (message: MessageRecord) => void;
  onDelete: (message: MessageRecord) => void;
  onReact: (message: MessageRecord, emoji: string) => void;
  onOpenImage: (url: string, name: string) => void;
}

export function MessageList({
  thread,
  ticketId,
  contactName,
  isGroup,
  canAct,
  userId,
  onReply,
  onEdit,
  onDelete,
  onReact,
  onOpenImage,
}: MessageListProps) {
  const { t } = useTranslation('conversation');
  const scroller = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  // The height before older messages were put on top, so the view stays where the reader was.
  const heightBeforeOlder = useRef<number | null>(null);
  const items = useMemo(() => buildThreadItems(thread.messages, ticketId), [thread.messages, ticketId]);
  const firstId = thread.messages[0]?.id;

  const { canLoadOlder, isLoadingOlder, loadOlder } = thread;
  const requestOlder = useCallback(() => {
    const element = scroller.current;
    if (!element || !canLoadOlder || isLoadingOlder) return;
    heightBeforeOlder.current = element.scrollHeight - element.scrollTop;
    loadOlder();
  }, [canLoadOlder, isLoadingOlder, loadOlder]);

  const handleScroll = () => {
    const element = scroller.current;
    if (!element) return;
    isAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_WITHIN_PX;
    if (element.scrollTop < LOAD_OLDER_WITHIN_PX) requestOlder();
  };

  // Older messages went on top: keep the same message under the reader's eyes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first message changes.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || heightBeforeOlder.current === null) return;
    element.scrollTop = element.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [firstId]);

  // New messages at the end: follow them if the reader was at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when messages are appended.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && isAtBottom.current) element.scrollTop = element.scrollHeight;
  }, [thread.appendedAt]);

  const scrollToMessage = useCallback((messageId: number) => {
    const target = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${messageId}"]`);
    if (!target) return;
    target.scrollIntoView({ behavior: 'smooth', block: 'center' });
    target.animate?.([{ opacity: 0.4 }, { opacity: 1 }], { duration: 900 });
  }, []);

  return (
    <Box
      ref={scroller}
      onScroll={handleScroll}
      data-testid="thread"
      sx={(theme) => ({
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        py: 1,
        bgcolor: theme.palette.mode === 'dark' ? '#0b141a' : '#efeae2',
      })}
    >
      {canLoadOlder && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          {isLoadingOlder ? (
            <CircularProgress size={20} />
          ) : (
            <Button size="small" onClick={requestOlder} data-testid="thread-load-older">
              {t('thread.loadOlder')}
            </Button>
          )}
        </Box>
      )}
      {thread.isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={28} />
        </Box>
      )}
      {!thread.isLoading && thread.messages.length === 0 && (
        <Typography sx={{ textAlign: 'center', color: 'text.secondary', py: 4 }} data-testid="thread-empty">
          {thread.error ? t('thread.loadError') : t('thread.empty')}
        </Typography>
      )}
      {items.map((item) => {
        if (item.kind === 'date') return <DateDivider key={item.key} label={item.label} />;
        if (item.kind === 'ticket')
          return (
            <TicketDivider
              key={item.key}
              ticketId={item.ticketId}
              isCurrent={item.isCurrent}
              ticket={thread.earlierTickets.get(item.ticketId)}
            />
          );
        return (
          <MessageBubble
            key={item.key}
            message={item.message}
            contactName={contactName}
            isGroup={isGroup}
            canAct={canAct}
            userId={userId}
            onReply={onReply}
            onEdit={onEdit}
            onDelete={onDelete}
            onReact={onReact}
            onOpenImage={onOpenImage}
            onQuotedClick={scrollToMessage}
          />
        );
      })}
    </Box>
  );
}
