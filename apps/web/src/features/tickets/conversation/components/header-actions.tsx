import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import UndoIcon from '@mui/icons-material/Undo';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketAction } from '../hooks/use-ticket-actions.ts';

interface HeaderActionsProps {
  ticket: TicketRecord;
  canDelete: boolean;
  busy: TicketAction | null;
  onAction: (action: Exclude<TicketAction, 'delete'>) => void;
  onDelete: () => void;
  onTransfer?: () => void;
  /** Opens the contact-notes modal. */
  onNotes?: () => void;
}

interface ActionSpec {
  key: string;
  label: string;
  icon: ReactElement;
  onClick: () => void;
  isPrimary?: boolean;
  color?: 'error';
  /** An icon on every width: rare actions must not crowd the state's buttons. */
  isIconOnly?: boolean;
}

/** The actions the ticket's state allows (spec "Ticket"): text buttons on wide screens, icons on phones. */
export function HeaderActions({
  ticket,
  canDelete,
  busy,
  onAction,
  onDelete,
  onTransfer,
  onNotes,
}: HeaderActionsProps) {
  const { t } = useTranslation('conversation');
  const isWide = useMediaQuery((theme) => theme.breakpoints.up('lg'));
  const actions: ActionSpec[] = [];
  if (ticket.status === 'pending')
    actions.push({
      key: 'accept',
      label: t('header.accept'),
      icon: <PlayArrowOutlined />,
      onClick: () => onAction('accept'),
      isPrimary: true,
    });
  if (ticket.status === 'open') {
    actions.push({ key: 'return', label: t('header.return'), icon: <UndoIcon />, onClick: () => onAction('return') });
    actions.push({
      key: 'resolve',
      label: t('header.resolve'),
      icon: <CheckCircleOutline />,
      onClick: () => onAction('resolve'),
      isPrimary: true,
    });
  }
  if (ticket.status === 'closed')
    actions.push({
      key: 'reopen',
      label: t('header.reopen'),
      icon: <ReplayIcon />,
      onClick: () => onAction('reopen'),
      isPrimary: true,
    });
  if (ticket.status !== 'closed' && onTransfer)
    actions.push({ key: 'transfer', label: t('header.transfer'), icon: <SwapHorizIcon />, onClick: onTransfer });
  if (onNotes)
    actions.push({
      key: 'notes',
      label: t('header.notes'),
      icon: <StickyNote2Outlined />,
      onClick: onNotes,
      isIconOnly: true,
    });
  if (canDelete)
    actions.push({
      key: 'delete',
      label: t('header.delete'),
      icon: <DeleteOutline />,
      onClick: onDelete,
      color: 'error',
      isIconOnly: true,
    });

  return (
    <Stack direction="row" spacing={isWide ? 1 : 0} sx={{ alignItems: 'center', flexShrink: 0 }}>
      {actions.map((action) => {
        // Notes are not a state change: a running one does not lock them.
        const disabled = busy !== null && action.key !== 'notes';
        const testId = `ticket-${action.key}`;
        if (isWide && !action.isIconOnly)
          return (
            <Button
              key={action.key}
              size="small"
              variant={action.isPrimary ? 'contained' : 'outlined'}
              startIcon={action.icon}
              onClick={action.onClick}
              disabled={disabled}
              data-testid={testId}
            >
              {action.label}
            </Button>
          );
        return (
          <Tooltip key={action.key} title={action.label}>
            <span>
              <IconButton
                aria-label={action.label}
                onClick={action.onClick}
                disabled={disabled}
                color={action.color ?? (action.isPrimary ? 'primary' : 'default')}
                data-testid={testId}
              >
                {action.icon}
              </IconButton>
            </span>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
