import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
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
import { useTranslation } from 'react-i18next';
import type { TicketAction } from '../hooks/use-ticket-actions.ts';
import { type ActionSpec, HeaderMoreMenu } from './header-more-menu.tsx';
import { TicketPriorityMenuItems } from './ticket-priority-select.tsx';

interface HeaderActionsProps {
  ticket: TicketRecord;
  canDelete: boolean;
  busy: TicketAction | null;
  onAction: (action: Exclude<TicketAction, 'delete'>) => void;
  onDelete: () => void;
  onTransfer?: () => void;
  /** Opens the contact-notes modal. */
  onNotes?: () => void;
  /** Opens the schedule dialog for the contact (plans with schedules only). */
  onSchedule?: () => void;
  /** Opens the AI assist's summary panel (when the company's assist summarises). */
  onSummary?: () => void;
  /** Why the summary is off now (over budget, no key): the button stays, disabled, and says it. */
  summaryOffReason?: string | null;
}

/**
 * The actions the ticket's state allows (spec "Ticket"): buttons and labelled icons on wide screens;
 * on narrower ones the main action and a "more" menu with the others.
 */
export function HeaderActions({
  ticket,
  canDelete,
  busy,
  onAction,
  onDelete,
  onTransfer,
  onNotes,
  onSchedule,
  onSummary,
  summaryOffReason,
}: HeaderActionsProps) {
  const { t } = useTranslation('conversation');
  const isWide = useMediaQuery((theme) => theme.breakpoints.up('lg'));
  // Words on every button only on the widest screens: at 1366 px, beside the list and the side
  // menu, they left the contact's name a few letters, so there only the main action has words.
  const isRoomy = useMediaQuery((theme) => theme.breakpoints.up('xl'));
  // On a phone even the main action's words took the contact's name away: there it is an icon,
  // and the priority is set from the "more" menu (the header leaves out its flag there).
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
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
  if (onSummary)
    actions.push({
      key: 'summary',
      label: t('header.summary'),
      icon: <AutoAwesomeOutlined />,
      onClick: onSummary,
      isIconOnly: true,
      offReason: summaryOffReason ?? undefined,
    });
  if (onNotes)
    actions.push({
      key: 'notes',
      label: t('header.notes'),
      icon: <StickyNote2Outlined />,
      onClick: onNotes,
      isIconOnly: true,
    });
  if (onSchedule)
    actions.push({
      key: 'schedule',
      label: t('header.schedule'),
      icon: <EventOutlined />,
      onClick: onSchedule,
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

  // Notes are not a state change: a running one does not lock them.
  const isDisabled = (action: ActionSpec) =>
    action.offReason !== undefined ||
    (busy !== null && action.key !== 'notes' && action.key !== 'schedule' && action.key !== 'summary');

  if (!isWide) {
    // Narrow: the state's main action keeps its words (its icon on a phone); the rest go in a
    // "more" menu, so the contact's name keeps its room.
    const primary = actions.find((action) => action.isPrimary);
    const others = actions.filter((action) => action !== primary);
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
        {primary && isPhone && (
          <Tooltip title={primary.label}>
            <span>
              <Button
                size="small"
                variant="contained"
                aria-label={primary.label}
                onClick={primary.onClick}
                disabled={isDisabled(primary)}
                data-testid={`ticket-${primary.key}`}
                sx={{ minWidth: 0, px: 1, py: 0.75 }}
              >
                {primary.icon}
              </Button>
            </span>
          </Tooltip>
        )}
        {primary && !isPhone && (
          <Button
            size="small"
            variant="contained"
            startIcon={primary.icon}
            onClick={primary.onClick}
            disabled={isDisabled(primary)}
            data-testid={`ticket-${primary.key}`}
            sx={{ px: 1.25, '& .MuiButton-startIcon': { mr: 0.5 } }}
          >
            {primary.label}
          </Button>
        )}
        <HeaderMoreMenu
          actions={others}
          isDisabled={isDisabled}
          extraItems={
            isPhone && ticket.status !== 'closed'
              ? (close) => <TicketPriorityMenuItems ticket={ticket} onChosen={close} />
              : undefined
          }
        />
      </Stack>
    );
  }

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
      {(isRoomy ? actions : [...actions.filter((a) => !a.isPrimary), ...actions.filter((a) => a.isPrimary)]).map(
        (action) => {
          const testId = `ticket-${action.key}`;
          if (!action.isIconOnly && (isRoomy || action.isPrimary))
            return (
              <Button
                key={action.key}
                size="small"
                variant={action.isPrimary ? 'contained' : 'outlined'}
                startIcon={action.icon}
                onClick={action.onClick}
                disabled={isDisabled(action)}
                data-testid={testId}
              >
                {action.label}
              </Button>
            );
          return (
            <Tooltip key={action.key} title={action.offReason ?? action.label}>
              <span>
                <IconButton
                  aria-label={action.label}
                  onClick={action.onClick}
                  disabled={isDisabled(action)}
                  color={action.color ?? 'default'}
                  data-testid={testId}
                >
                  {action.icon}
                </IconButton>
              </span>
            </Tooltip>
          );
        },
      )}
    </Stack>
  );
}
