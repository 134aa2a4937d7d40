import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/format.ts';
import type { ThreadTicketRef } from '../api/conversation-api.ts';

export function DateDivider({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }} data-testid="thread-date">
      <Chip label={label} size="small" sx={{ bgcolor: 'background.paper', boxShadow: 1 }} />
    </Box>
  );
}

/** Where an earlier attendance of the same contact begins, or where the current one starts after it. */
export function TicketDivider({
  ticketId,
  isCurrent,
  ticket,
}: {
  ticketId: number;
  isCurrent: boolean;
  ticket?: ThreadTicketRef;
}) {
  const { t } = useTranslation('conversation');
  const details = [ticket?.user?.name, ticket?.queue?.name, ticket ? formatDate(ticket.createdAt) : null]
    .filter(Boolean)
    .join(' · ');
  const label = isCurrent
    ? t('thread.currentTicket', { id: ticketId })
    : t('thread.earlierTicket', { id: ticketId }) + (details ? ` · ${details}` : '');
  return (
    <Divider
      sx={{ my: 1.5, px: 2, typography: 'caption', color: 'text.secondary' }}
      data-testid="thread-ticket-divider"
    >
      {label}
    </Divider>
  );
}
