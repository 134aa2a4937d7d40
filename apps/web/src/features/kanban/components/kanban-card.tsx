import { Draggable } from '@hello-pangea/dnd';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhoneNumber } from '@wacrm/shared/common/phone-display';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatTimeSince } from '../../../lib/format.ts';

interface KanbanCardProps {
  ticket: TicketRecord;
  index: number;
  /** Lane id in the draggable id: a ticket with two lane tags has a card in each lane. */
  laneId: number;
}

/** One ticket on the board (spec: number, contact name and number, last message, "ver ticket"). */
export const KanbanCard = memo(function KanbanCard({ ticket, index, laneId }: KanbanCardProps) {
  const { t, i18n } = useTranslation('kanban');
  const queueColor = ticket.queue?.color ?? 'transparent';
  return (
    <Draggable draggableId={`${laneId}:${ticket.id}`} index={index}>
      {(provided, snapshot) => (
        <Paper
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          variant="outlined"
          data-testid="kanban-card"
          data-ticket-id={ticket.id}
          aria-label={t('card.label', { id: ticket.id, name: ticket.contact.name })}
          sx={{
            p: 1.25,
            mb: 1,
            borderLeft: 4,
            borderLeftColor: queueColor,
            boxShadow: snapshot.isDragging ? 6 : 0,
            // Cards far out of the lane's view are neither laid out nor painted.
            contentVisibility: snapshot.isDragging ? 'visible' : 'auto',
            containIntrinsicSize: 'auto 150px',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
          style={provided.draggableProps.style}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
              #{ticket.id}
            </Typography>
            <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {ticket.contact.name}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="div">
            {formatPhoneNumber(ticket.contact.number, ticket.isGroup)}
          </Typography>
          <Typography
            variant="body2"
            sx={{
              mt: 0.5,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              wordBreak: 'break-word',
              minHeight: '2.5em',
            }}
          >
            {ticket.lastMessage || t('card.noMessage')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            {ticket.queue && (
              <Box
                component="span"
                sx={{ px: 0.75, borderRadius: 1, bgcolor: queueColor, color: '#fff', fontSize: 12, lineHeight: '20px' }}
              >
                {ticket.queue.name}
              </Box>
            )}
            <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <PersonOutlined sx={{ fontSize: 16 }} />
              <Typography variant="caption">{ticket.user?.name ?? t('card.unassigned')}</Typography>
            </Stack>
            <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <AccessTimeOutlined sx={{ fontSize: 16 }} />
              <Typography variant="caption" title={formatDateTime(ticket.updatedAt)}>
                {formatTimeSince(ticket.updatedAt, i18n.language)}
              </Typography>
            </Stack>
            <Button
              size="small"
              component={RouterLink}
              to={`/tickets/${ticket.uuid}`}
              data-testid="kanban-see-ticket"
              sx={{ ml: 'auto !important' }}
            >
              {t('card.see')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Draggable>
  );
});
