import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QueueMonitorRow } from '@wacrm/shared/queues/queue-monitor.schema';
import { useTranslation } from 'react-i18next';
import { formatWait, waitSeverity } from '../../model/wait-duration.ts';

const severityColor = { normal: 'text.primary', warning: 'warning.main', error: 'error.main' } as const;

interface QueueMonitorCardProps {
  queue: QueueMonitorRow;
  now: number;
  isSelected: boolean;
  onSelect: (queueId: number) => void;
}

/** One queue on the monitor: its line, the longest wait ticking, its attendants by state and its day. */
export function QueueMonitorCard({ queue, now, isSelected, onSelect }: QueueMonitorCardProps) {
  const { t } = useTranslation('queues');
  const since = queue.longestWaitingSince;
  return (
    <Paper
      variant="outlined"
      sx={{
        overflow: 'hidden',
        borderColor: isSelected ? queue.color : undefined,
        boxShadow: isSelected ? `0 0 0 1px ${queue.color}` : undefined,
      }}
    >
      <ButtonBase
        onClick={() => onSelect(queue.queueId)}
        aria-pressed={isSelected}
        data-testid="monitor-queue"
        data-queue-name={queue.name}
        sx={{ display: 'block', width: '100%', textAlign: 'left', p: 2, borderTop: 4, borderColor: queue.color }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
            {queue.name}
          </Typography>
          <Chip size="small" variant="outlined" label={t(`monitor.modes.${queue.assignmentMode}`)} />
        </Stack>
        <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-end', mb: 1.5 }}>
          <Box>
            <Typography variant="h4" component="p" sx={{ lineHeight: 1 }} data-testid="monitor-waiting">
              {queue.waiting}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('monitor.waiting', { count: queue.waiting })}
            </Typography>
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="h5"
              component="p"
              sx={{
                lineHeight: 1.2,
                fontVariantNumeric: 'tabular-nums',
                color: severityColor[waitSeverity(since, now)],
              }}
              data-testid="monitor-longest-wait"
            >
              {since ? formatWait(since, now) : '–'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('monitor.longestWait')}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mb: 1.5 }}>
          <Chip
            size="small"
            color={queue.online > 0 ? 'success' : 'default'}
            variant="outlined"
            label={t('monitor.online', { count: queue.online })}
          />
          <Chip
            size="small"
            color={queue.paused > 0 ? 'warning' : 'default'}
            variant="outlined"
            label={t('monitor.paused', { count: queue.paused })}
          />
          <Chip
            size="small"
            color={queue.atCapacity > 0 ? 'error' : 'default'}
            variant="outlined"
            label={t('monitor.atCapacity', { count: queue.atCapacity })}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary" data-testid="monitor-today">
          {t('monitor.today', { assigned: queue.assignedToday, closed: queue.closedToday })}
        </Typography>
      </ButtonBase>
    </Paper>
  );
}
