import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import type { ReactNode, UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TicketRow } from './ticket-row.tsx';

/** spec: the next page loads when the list is scrolled within 100 px of its bottom. */
const END_REACHED_PX = 100;

export interface TicketListHandlers {
  onOpen: (ticket: TicketRecord) => void;
  onAccept: (ticket: TicketRecord) => void;
  onClose: (ticket: TicketRecord) => void;
  onReopen: (ticket: TicketRecord) => void;
  onPeek: (ticket: TicketRecord) => void;
}

interface TicketListProps extends TicketListHandlers {
  /** Names the list for tests and the empty text: open, pending, closed or search. */
  kind: 'open' | 'pending' | 'closed' | 'search';
  tickets: TicketRecord[];
  isLoading: boolean;
  isError: boolean;
  isFetchingMore: boolean;
  hasMore: boolean;
  openTicketUuid: string | null;
  busyId: number | null;
  canPeek: boolean;
  onEndReached: () => void;
  onRetry: () => void;
}

export function TicketList({
  kind,
  tickets,
  isLoading,
  isError,
  isFetchingMore,
  hasMore,
  openTicketUuid,
  busyId,
  canPeek,
  onEndReached,
  onRetry,
  ...handlers
}: TicketListProps) {
  const { t } = useTranslation('tickets');

  const handleScroll = (event: UIEvent<HTMLElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (hasMore && !isFetchingMore && scrollHeight - scrollTop - clientHeight < END_REACHED_PX) onEndReached();
  };

  let content: ReactNode;
  if (isLoading) {
    content = (
      <Stack sx={{ p: 2 }} spacing={2} aria-busy="true" data-testid="tickets-loading">
        {[0, 1, 2, 3].map((item) => (
          <Stack key={item} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Skeleton variant="circular" width={44} height={44} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="60%" />
              <Skeleton width="90%" />
            </Box>
          </Stack>
        ))}
      </Stack>
    );
  } else if (isError && tickets.length === 0) {
    content = (
      <Stack sx={{ p: 4, alignItems: 'center', textAlign: 'center' }} spacing={1.5}>
        <Typography color="text.secondary">{t('list.loadError')}</Typography>
        <Button onClick={onRetry}>{t('list.retry')}</Button>
      </Stack>
    );
  } else if (tickets.length === 0) {
    content = (
      <Stack
        sx={{ p: 4, alignItems: 'center', textAlign: 'center', color: 'text.secondary' }}
        spacing={1}
        data-testid="tickets-empty"
      >
        <InboxOutlined sx={{ fontSize: 48, opacity: 0.5 }} />
        <Typography variant="subtitle2">{t(`list.empty.${kind}`)}</Typography>
        {kind !== 'search' && <Typography variant="body2">{t('list.emptyHint')}</Typography>}
      </Stack>
    );
  } else {
    content = (
      <>
        {tickets.map((ticket) => (
          <TicketRow
            key={ticket.id}
            ticket={ticket}
            isSelected={ticket.uuid === openTicketUuid}
            isBusy={busyId === ticket.id}
            canPeek={canPeek}
            {...handlers}
          />
        ))}
        {isFetchingMore && (
          <Stack direction="row" spacing={1} sx={{ p: 2, justifyContent: 'center', alignItems: 'center' }}>
            <CircularProgress size={18} />
            <Typography variant="body2" color="text.secondary">
              {t('list.loadingMore')}
            </Typography>
          </Stack>
        )}
      </>
    );
  }

  return (
    <Box
      component="section"
      onScroll={handleScroll}
      aria-label={t(kind === 'open' ? 'tabs.assigned' : `tabs.${kind}`)}
      data-testid={`tickets-list-${kind}`}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}
    >
      {content}
    </Box>
  );
}
