import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QueueMonitorAttendant } from '@wacrm/shared/queues/queue-monitor.schema';
import { useTranslation } from 'react-i18next';
import { formatWait } from '../../model/wait-duration.ts';

/**
 * The queue's attendants online now: their open tickets against capacity, and who paused
 * receiving, since when and why (spec of issue 48: the pause is shown to supervisors).
 */
export function QueueAttendantsList({ attendants, now }: { attendants: QueueMonitorAttendant[]; now: number }) {
  const { t } = useTranslation('queues');
  if (attendants.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="monitor-attendants-empty">
        {t('monitor.attendantsEmpty')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={t('monitor.attendants')}>
      {attendants.map((attendant) => {
        const isFull = attendant.openTickets >= attendant.capacity;
        return (
          <ListItem
            key={attendant.userId}
            divider
            data-testid="monitor-attendant"
            data-attendant-name={attendant.name}
            data-paused={attendant.paused}
            sx={{ display: 'block', py: 1 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 500 }} noWrap>
                {attendant.name}
              </Typography>
              {attendant.paused && (
                <Chip
                  size="small"
                  color="warning"
                  label={t('monitor.pausedFor', { time: pausedFor(attendant, now) })}
                />
              )}
              <Typography
                variant="body2"
                sx={{ fontVariantNumeric: 'tabular-nums', color: isFull ? 'error.main' : 'text.secondary' }}
                aria-label={t('monitor.loadLabel', { open: attendant.openTickets, capacity: attendant.capacity })}
                data-testid="monitor-attendant-load"
              >
                {attendant.openTickets}/{attendant.capacity}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              color={isFull ? 'error' : 'primary'}
              value={attendant.capacity > 0 ? Math.min(100, (100 * attendant.openTickets) / attendant.capacity) : 100}
              sx={{ mt: 0.75, height: 4, borderRadius: 2 }}
            />
            {attendant.paused && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="monitor-pause-reason">
                {attendant.pauseReason || t('monitor.noReason')}
              </Typography>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}

const pausedFor = (attendant: QueueMonitorAttendant, now: number) =>
  attendant.pausedAt ? formatWait(attendant.pausedAt, now) : '–';
