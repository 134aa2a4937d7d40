import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QueueWaitingList } from '@wacrm/shared/queues/queue-monitor.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatWait, waitSeverity } from '../../model/wait-duration.ts';

const severityColor = { normal: 'text.secondary', warning: 'warning.main', error: 'error.main' } as const;

/** A queue's line in order: place, customer, time in line; each opens its ticket. */
export function WaitingLineList({ line, now }: { line: QueueWaitingList | undefined; now: number }) {
  const { t } = useTranslation('queues');
  if (!line) {
    return (
      <Stack spacing={1} sx={{ p: 2 }}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={40} />
        ))}
      </Stack>
    );
  }
  if (line.tickets.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="monitor-line-empty">
        {t('monitor.lineEmpty')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={t('monitor.line')} data-testid="monitor-line">
      {line.tickets.map((ticket) => (
        <ListItemButton
          key={ticket.ticketId}
          component={Link}
          to={`/tickets/${ticket.uuid}`}
          divider
          data-testid="monitor-line-ticket"
          data-position={ticket.position}
          // Full width rows: the theme's rounded, inset menu look is for the side menu.
          sx={{ gap: 2, m: 0, borderRadius: 0 }}
        >
          <Typography
            component="span"
            sx={{ width: 28, flexShrink: 0, textAlign: 'right', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
            aria-label={t('monitor.position', { position: ticket.position })}
          >
            {ticket.position}
          </Typography>
          <ListItemText
            primary={ticket.contactName}
            slotProps={{ primary: { noWrap: true } }}
            sx={{ minWidth: 0, my: 0.75 }}
          />
          <Typography
            component="span"
            variant="body2"
            sx={{
              flexShrink: 0,
              fontVariantNumeric: 'tabular-nums',
              color: severityColor[waitSeverity(ticket.queuedAt, now)],
            }}
            title={t('monitor.timeInLine')}
          >
            {formatWait(ticket.queuedAt, now)}
          </Typography>
        </ListItemButton>
      ))}
    </List>
  );
}
