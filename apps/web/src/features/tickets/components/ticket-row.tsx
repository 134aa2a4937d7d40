import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SlaChip } from '../../sla/index.ts';
import { ticketPreviewOf } from '../model/ticket-preview.ts';
import { formatTicketTime } from '../model/ticket-time.ts';
import { TicketRowActions } from './ticket-row-actions.tsx';
import { TicketRowChips } from './ticket-row-chips.tsx';

interface TicketRowProps {
  ticket: TicketRecord;
  isSelected: boolean;
  isBusy: boolean;
  canPeek: boolean;
  onOpen: (ticket: TicketRecord) => void;
  onAccept: (ticket: TicketRecord) => void;
  onClose: (ticket: TicketRecord) => void;
  onReopen: (ticket: TicketRecord) => void;
  onPeek: (ticket: TicketRecord) => void;
}

/** One ticket of the manager: who, what was said last, when, and what can be done with it. */
export const TicketRow = memo(function TicketRow({
  ticket,
  isSelected,
  isBusy,
  canPeek,
  onOpen,
  onAccept,
  onClose,
  onReopen,
  onPeek,
}: TicketRowProps) {
  const { t } = useTranslation('tickets');
  const isPending = ticket.status === 'pending';
  const queueColor = ticket.queue?.color ?? 'action.disabled';
  const name = ticket.contact?.name || ticket.contact?.number || `#${ticket.id}`;

  const row = (
    <ListItemButton
      component="div"
      selected={isSelected}
      // spec: pending tickets open only through Accept.
      onClick={isPending ? undefined : () => onOpen(ticket)}
      disableRipple={isPending}
      data-testid="ticket-row"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      aria-current={isSelected ? 'true' : undefined}
      sx={{
        alignItems: 'flex-start',
        gap: 1.5,
        py: 1.25,
        pl: 2,
        pr: 1.5,
        m: 0,
        borderRadius: 0,
        position: 'relative',
        cursor: isPending ? 'default' : 'pointer',
        borderBottom: 1,
        borderColor: 'divider',
        // The queue's colour as a bar on the left edge.
        '&::before': {
          content: '""',
          position: 'absolute',
          left: 0,
          top: 0,
          bottom: 0,
          width: 4,
          bgcolor: queueColor,
        },
      }}
    >
      <Avatar src={ticket.contact?.profilePicUrl ?? undefined} alt="" sx={{ width: 44, height: 44, mt: 0.25 }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography
            variant="subtitle2"
            noWrap
            sx={{ flex: 1, minWidth: 0, fontWeight: ticket.unreadMessages ? 700 : 600 }}
            data-testid="ticket-contact-name"
          >
            {name}
          </Typography>
          <Typography
            variant="caption"
            color={ticket.unreadMessages ? 'primary' : 'text.secondary'}
            sx={{ flexShrink: 0, fontWeight: ticket.unreadMessages ? 700 : 400 }}
            data-testid="ticket-time"
          >
            {formatTicketTime(ticket.updatedAt)}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.25 }}>
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            sx={{ flex: 1, minWidth: 0 }}
            data-testid="ticket-last-message"
          >
            {ticketPreviewOf(ticket.lastMessage)}
          </Typography>
          {(ticket.priority === 'high' || ticket.priority === 'urgent') && (
            <Tooltip title={t(`priority.${ticket.priority}`)}>
              <PriorityHighIcon
                fontSize="small"
                color={ticket.priority === 'urgent' ? 'error' : 'warning'}
                aria-label={t(`priority.${ticket.priority}`)}
                data-testid="ticket-priority-marker"
              />
            </Tooltip>
          )}
          {ticket.status !== 'closed' && <SlaChip sla={ticket.sla} />}
          {ticket.unreadMessages > 0 && (
            <Badge
              badgeContent={ticket.unreadMessages}
              max={99}
              color="success"
              aria-label={t('row.unread', { count: ticket.unreadMessages })}
              data-testid="ticket-unread"
              sx={{ mr: 1.25, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
            />
          )}
        </Stack>
        {/* Chips clip on the left; the actions keep the same place at the right of every card. */}
        <Stack direction="row" sx={{ alignItems: 'center', mt: 0.75, gap: 1, minHeight: 28 }}>
          <TicketRowChips ticket={ticket} />
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
            {canPeek && (
              <Tooltip title={t('row.peek')}>
                <IconButton
                  size="small"
                  aria-label={t('row.peek')}
                  data-testid="ticket-row-peek"
                  onClick={(event) => {
                    event.stopPropagation();
                    onPeek(ticket);
                  }}
                >
                  <VisibilityOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <TicketRowActions
              ticket={ticket}
              isBusy={isBusy}
              onAccept={onAccept}
              onClose={onClose}
              onReopen={onReopen}
            />
          </Stack>
        </Stack>
      </Box>
    </ListItemButton>
  );

  return isPending ? (
    <Tooltip title={t('row.acceptHint')} placement="top" enterDelay={600} followCursor>
      {row}
    </Tooltip>
  ) : (
    row
  );
});
