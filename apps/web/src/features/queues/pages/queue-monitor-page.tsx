import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QueueMonitorRow } from '@wacrm/shared/queues/queue-monitor.schema';
import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../auth/index.ts';
import { QueueAttendantsList } from '../components/monitor/queue-attendants-list.tsx';
import { QueueMonitorCard } from '../components/monitor/queue-monitor-card.tsx';
import { WaitingLineList } from '../components/monitor/waiting-line-list.tsx';
import { useNow, useQueueMonitor, useQueueMonitorLiveRefresh, useQueueWaiting } from '../hooks/use-queue-monitor.ts';

/**
 * The supervisors' queue monitor (issue 48): each queue's line, longest wait and attendants, live;
 * a queue chosen (kept in the address, `?queue=`) shows its line in order and its attendants.
 */
export function QueueMonitorPage() {
  const { t } = useTranslation('queues');
  const { companyId } = useSessionUser();
  const [params, setParams] = useSearchParams();
  const monitor = useQueueMonitor(companyId);
  useQueueMonitorLiveRefresh(companyId, monitor.data?.attendants);
  const now = useNow();
  const chosenId = Number(params.get('queue')) || null;
  const chosen = monitor.data?.queues.find((queue) => queue.queueId === chosenId) ?? null;
  const shownId = chosen?.queueId ?? null;
  const line = useQueueWaiting(companyId, shownId);
  const detailRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // On a phone the detail is below every card: bring it into view when a queue is chosen.
    if (shownId !== null) detailRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [shownId]);

  const handleSelect = (queueId: number) =>
    setParams(queueId === chosenId ? {} : { queue: String(queueId) }, { replace: true });

  return (
    <Stack spacing={2} sx={{ pb: 2 }} data-testid="queue-monitor-page">
      <Box>
        <Typography variant="h5" component="h1">
          {t('monitor.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('monitor.subtitle')}
        </Typography>
      </Box>
      {monitor.isError && !monitor.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => monitor.refetch()}>
              {t('monitor.retry')}
            </Button>
          }
        >
          {t('monitor.loadError')}
        </Alert>
      ) : !monitor.data ? (
        <CardGrid>
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} variant="rounded" height={188} />
          ))}
        </CardGrid>
      ) : monitor.data.queues.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="monitor-empty">
          <Typography sx={{ fontWeight: 600 }}>{t('monitor.empty')}</Typography>
          <Typography color="text.secondary">{t('monitor.emptyHint')}</Typography>
        </Paper>
      ) : (
        <>
          <CardGrid>
            {monitor.data.queues.map((queue) => (
              <QueueMonitorCard
                key={queue.queueId}
                queue={queue}
                now={now}
                isSelected={queue.queueId === chosen?.queueId}
                onSelect={handleSelect}
              />
            ))}
          </CardGrid>
          {chosen ? (
            <QueueDetail
              ref={detailRef}
              queue={chosen}
              line={<WaitingLineList line={line.data} now={now} />}
              attendants={
                <QueueAttendantsList
                  attendants={monitor.data.attendants.filter((attendant) =>
                    attendant.queueIds.includes(chosen.queueId),
                  )}
                  now={now}
                />
              }
            />
          ) : (
            <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('monitor.chooseHint')}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}

function CardGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

interface QueueDetailProps {
  queue: QueueMonitorRow;
  ref: Ref<HTMLDivElement>;
  line: ReactNode;
  attendants: ReactNode;
}

/** The chosen queue: its line beside its attendants, stacked on phones. */
function QueueDetail({ queue, ref, line, attendants }: QueueDetailProps) {
  const { t } = useTranslation('queues');
  return (
    <Paper
      ref={ref}
      variant="outlined"
      sx={{ overflow: 'hidden', scrollMarginTop: 80 }}
      data-testid="monitor-detail"
      data-queue-name={queue.name}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <Box sx={{ borderRight: { md: 1 }, borderColor: { md: 'divider' } }}>
          <SectionTitle color={queue.color}>{t('monitor.lineOf', { queue: queue.name })}</SectionTitle>
          {line}
        </Box>
        <Box>
          <Divider sx={{ display: { md: 'none' } }} />
          <SectionTitle>{t('monitor.attendantsOf', { queue: queue.name })}</SectionTitle>
          {attendants}
        </Box>
      </Box>
    </Paper>
  );
}

function SectionTitle({ color, children }: { color?: string; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      {color && <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />}
      <Typography variant="subtitle2" component="h2" noWrap>
        {children}
      </Typography>
    </Stack>
  );
}
