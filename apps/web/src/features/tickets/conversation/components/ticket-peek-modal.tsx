import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../auth/index.ts';
import { conversationApi } from '../api/conversation-api.ts';
import { ConversationBody } from './conversation-body.tsx';
import { ConversationHeader } from './conversation-header.tsx';

export interface TicketPeekModalProps {
  ticketId: number;
  open: boolean;
  onClose: () => void;
}

/** spec "admin peek": the conversation read-only; it neither marks messages read nor replies. */
export function TicketPeekModal({ ticketId, open, onClose }: TicketPeekModalProps) {
  const { t } = useTranslation('conversation');
  const user = useSessionUser();
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const ticket = useQuery({
    queryKey: ['tickets', 'peek', ticketId],
    queryFn: () => conversationApi.ticketById(ticketId),
    enabled: open,
  });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={isPhone} data-testid="ticket-peek">
      <Box sx={{ height: isPhone ? '100%' : '80vh', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        {ticket.data ? (
          <>
            <ConversationHeader
              ticket={ticket.data}
              actions={
                <IconButton aria-label={t('peek.close')} onClick={onClose} data-testid="ticket-peek-close">
                  <CloseIcon />
                </IconButton>
              }
            />
            <ConversationBody key={ticketId} ticket={ticket.data} companyId={user.companyId} isReadOnly />
          </>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', flex: 1 }}>
            <CircularProgress />
          </Box>
        )}
      </Box>
    </Dialog>
  );
}
