import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SlaChip } from '../../../sla/index.ts';
import { PriorityFlag, TicketPrioritySelect } from './ticket-priority-select.tsx';

interface ConversationHeaderProps {
  ticket: TicketRecord;
  onOpenContact?: () => void;
  onBack?: () => void;
  actions?: ReactNode;
  /** The actions set the priority on a phone (HeaderActions' "more" menu): no flag control here then. */
  hasPriorityInActions?: boolean;
}

/** Contact, queue, attendant and connection of the open ticket, with its actions on the right. */
export function ConversationHeader({
  ticket,
  onOpenContact,
  onBack,
  actions,
  hasPriorityInActions = false,
}: ConversationHeaderProps) {
  const { t } = useTranslation(['conversation', 'tickets']);
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('md'));
  const isNarrowPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const isOpen = ticket.status !== 'closed';
  const priority = ticket.priority ?? 'normal';
  const hasPriorityFlag = isOpen && !(isNarrowPhone && hasPriorityInActions);
  const details = [
    t('header.ticketNumber', { id: ticket.id }),
    ticket.user ? t('header.assignedTo', { name: ticket.user.name }) : t('header.unassigned'),
    ticket.whatsapp?.name,
  ].filter(Boolean);
  return (
    <Stack
      direction="row"
      spacing={{ xs: 0.5, sm: 1 }}
      sx={{
        alignItems: 'center',
        px: 1,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        minHeight: 60,
        bgcolor: 'background.paper',
      }}
      data-testid="conversation-header"
    >
      {isPhone && onBack && (
        <IconButton aria-label={t('header.back')} onClick={onBack} edge="start">
          <ArrowBackIcon />
        </IconButton>
      )}
      <ButtonBase
        onClick={onOpenContact}
        disabled={!onOpenContact}
        aria-label={t('header.contactDetails')}
        data-testid="conversation-contact"
        sx={{
          flex: 1,
          minWidth: 0,
          justifyContent: 'flex-start',
          borderRadius: 1,
          textAlign: 'left',
          gap: 1.25,
          p: 0.5,
        }}
      >
        <Avatar
          src={ticket.contact.profilePicUrl ?? undefined}
          alt={ticket.contact.name}
          // On a phone the name needs the room more than the picture does.
          sx={{ width: 40, height: 40, display: { xs: 'none', sm: 'flex' } }}
        >
          {ticket.contact.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          {/* A long name takes a second line beside the actions before it is cut, on a phone too. */}
          <Typography
            variant="subtitle1"
            sx={{
              fontWeight: 600,
              lineHeight: 1.3,
              overflow: 'hidden',
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: 2,
              overflowWrap: 'anywhere',
            }}
            data-testid="conversation-contact-name"
          >
            {ticket.contact.name}
          </Typography>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0, overflow: 'hidden' }}>
            {ticket.queue && (
              <Box
                component="span"
                sx={{
                  px: 0.75,
                  borderRadius: 1,
                  bgcolor: ticket.queue.color,
                  color: '#fff',
                  typography: 'caption',
                  flexShrink: 0,
                  lineHeight: 1.6,
                }}
                data-testid="conversation-queue"
              >
                {ticket.queue.name}
              </Box>
            )}
            {/* Without its control, a high or urgent priority still shows, as the list's rows show it. */}
            {isOpen && !hasPriorityFlag && (priority === 'high' || priority === 'urgent') && (
              <Box component="span" sx={{ display: 'flex', flexShrink: 0 }} data-testid="conversation-priority-marker">
                <PriorityFlag priority={priority} label={t(`tickets:priority.${priority}`)} />
              </Box>
            )}
            {isOpen && <SlaChip sla={ticket.sla} size="header" />}
            <Typography variant="caption" color="text.secondary" noWrap>
              {details.join(' · ')}
            </Typography>
          </Stack>
        </Box>
      </ButtonBase>
      {hasPriorityFlag && <TicketPrioritySelect ticket={ticket} />}
      {actions}
    </Stack>
  );
}
