import FlagIcon from '@mui/icons-material/Flag';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { type TicketPriority, ticketPriorities } from '@wacrm/shared/tickets/ticket-priority';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../lib/error-message.ts';
import { conversationApi } from '../api/conversation-api.ts';

/**
 * The ticket's priority, set from the thread header; the ticket's realtime update brings the new
 * value (and the service level's new targets) to every list and header.
 */
export function TicketPrioritySelect({ ticket }: { ticket: TicketRecord }) {
  const { t } = useTranslation('tickets');
  const { isSaving, change: handleChange } = useTicketPriority(ticket);
  // A flag, not a word (no outline, no floating label, no arrow): the contact's name needs the
  // header's room more, at 1366 px as on a phone; the tooltip and the hidden label say which.
  return (
    <Tooltip title={t('priority.label')}>
      <TextField
        select
        size="small"
        variant="standard"
        value={ticket.priority ?? 'normal'}
        disabled={isSaving}
        onChange={(event) => handleChange(event.target.value as TicketPriority)}
        sx={{ flexShrink: 0, '& .MuiSelect-select': { display: 'flex', p: '4px !important' } }}
        slotProps={{
          input: { disableUnderline: true },
          htmlInput: { 'aria-label': t('priority.label') },
          select: {
            IconComponent: NoArrow,
            renderValue: (value) => <PriorityFlag priority={value as TicketPriority} label={t(`priority.${value}`)} />,
            SelectDisplayProps: { 'data-testid': 'ticket-priority', 'aria-label': t('priority.label') } as object,
          },
        }}
      >
        {ticketPriorities.map((priority) => (
          <MenuItem key={priority} value={priority} data-testid={`ticket-priority-${priority}`}>
            {t(`priority.${priority}`)}
          </MenuItem>
        ))}
      </TextField>
    </Tooltip>
  );
}

/** Saves a ticket's priority (the select, or the header's "more" menu on a phone). */
export function useTicketPriority(ticket: TicketRecord) {
  const [isSaving, setIsSaving] = useState(false);
  const change = async (priority: TicketPriority) => {
    setIsSaving(true);
    try {
      await conversationApi.updateTicket(ticket.id, { priority });
    } catch (error) {
      notifyError(error);
    } finally {
      setIsSaving(false);
    }
  };
  return { priority: ticket.priority ?? 'normal', isSaving, change };
}

/**
 * The priorities as items of the header's "more" menu, where a phone sets them (the flag would
 * take the contact's name's room): a heading, then each priority, the current one checked.
 */
export function TicketPriorityMenuItems({ ticket, onChosen }: { ticket: TicketRecord; onChosen: () => void }) {
  const { t } = useTranslation('tickets');
  const { priority: current, isSaving, change } = useTicketPriority(ticket);
  return [
    <Divider key="divider" />,
    <ListSubheader key="heading" sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
      {t('priority.label')}
    </ListSubheader>,
    ...ticketPriorities.map((priority) => (
      <MenuItem
        key={priority}
        selected={priority === current}
        disabled={isSaving}
        onClick={() => {
          onChosen();
          if (priority !== current) void change(priority);
        }}
        data-testid={`ticket-priority-${priority}`}
      >
        <ListItemIcon>
          <PriorityFlag priority={priority} />
        </ListItemIcon>
        <ListItemText>{t(`priority.${priority}`)}</ListItemText>
      </MenuItem>
    )),
  ];
}

const flagColor: Record<TicketPriority, string> = {
  low: 'text.disabled',
  normal: 'text.secondary',
  high: 'warning.main',
  urgent: 'error.main',
};

/** The priority's flag; `label` (for readers of the screen) when no words stand beside it. */
export function PriorityFlag({ priority, label }: { priority: TicketPriority; label?: string }) {
  const Icon = priority === 'high' || priority === 'urgent' ? FlagIcon : OutlinedFlagIcon;
  return (
    <>
      <Icon fontSize="small" sx={{ color: flagColor[priority] }} />
      {label && (
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      )}
    </>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The select shows no arrow: the flag is the control. */
const NoArrow = () => null;
