import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupKeys } from '../../../lib/lookups/lookups-api.ts';
import { useUserWorkload } from '../../../lib/lookups/use-lookups.ts';
import { useReloadOnConnect, useSocketEvent } from '../../../lib/socket-context.ts';
import { useSessionUser } from '../../auth/index.ts';

/** Ticket events are gathered for this long, then the count is read once. */
const WORKLOAD_REFRESH_MS = 800;

/**
 * The attendant's open tickets against their capacity, beside the pause button ("3/5"). Live: a
 * ticket event the user hears (their own tickets reach them through the bell's room) reads it
 * again, once per burst. Over capacity (an Accept or a transfer may do it) it turns orange.
 */
export function WorkloadCount() {
  const { t } = useTranslation('users');
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const workload = useUserWorkload(session.companyId, session.id);
  const refresh = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const key = lookupKeys.workload(session.companyId, session.id);
    return {
      schedule() {
        if (timer) return;
        timer = setTimeout(() => {
          timer = null;
          void queryClient.invalidateQueries({ queryKey: key, exact: true });
        }, WORKLOAD_REFRESH_MS);
      },
      dispose() {
        if (timer) clearTimeout(timer);
      },
    };
  }, [queryClient, session.companyId, session.id]);
  useEffect(() => () => refresh.dispose(), [refresh]);
  useSocketEvent(companyEvent(session.companyId, 'ticket'), refresh.schedule);
  // An admin's change of the capacity reaches the user as their own user event.
  useSocketEvent(companyEvent(session.companyId, 'user'), (event) => {
    if (event.action === 'update' && event.user.id === session.id && 'ticketCapacity' in event.user) refresh.schedule();
  });
  useReloadOnConnect(refresh.schedule);

  if (!workload.data) return null;
  const { openTickets, capacity } = workload.data;
  const isFull = openTickets >= capacity;
  const isOver = openTickets > capacity;
  return (
    <Tooltip title={t('workload.tooltip', { open: openTickets, capacity })}>
      <Box
        component="span"
        role="status"
        aria-label={t('workload.tooltip', { open: openTickets, capacity })}
        data-testid="workload-count"
        data-open={openTickets}
        data-capacity={capacity}
        sx={{
          // On a phone the bar is full: plain text, no frame, unless over capacity.
          px: { xs: 0.25, sm: 0.75 },
          py: 0.25,
          mx: { xs: 0, sm: 0.5 },
          borderRadius: 1,
          border: { xs: 0, sm: 1 },
          borderColor: isOver ? 'warning.main' : 'currentColor',
          bgcolor: isOver ? 'warning.main' : 'transparent',
          color: isOver ? 'warning.contrastText' : 'inherit',
          fontSize: '0.8125rem',
          fontWeight: isFull ? 700 : 500,
          fontVariantNumeric: 'tabular-nums',
          lineHeight: 1.5,
          whiteSpace: 'nowrap',
          opacity: isFull || isOver ? 1 : 0.9,
        }}
      >
        {openTickets}/{capacity}
      </Box>
    </Tooltip>
  );
}
