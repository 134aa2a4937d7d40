import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueMonitorAttendant } from '@wacrm/shared/queues/queue-monitor.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useEffect, useMemo, useState } from 'react';
import { useReloadOnConnect, useSocketEvent } from '../../../lib/socket-context.ts';
import { useTicketRooms } from '../../tickets/index.ts';
import { queueMonitorApi, queueMonitorKeys } from '../api/queue-monitor-api.ts';
import { createMonitorLiveRefresh } from '../model/monitor-live-refresh.ts';

const allStatuses = ['open', 'pending', 'closed'] as const;

/** Every queue's line, attendants and day, for supervisors and admins. */
export function useQueueMonitor(companyId: number) {
  return useQuery({
    queryKey: queueMonitorKeys.summary(companyId),
    queryFn: ({ signal }) => queueMonitorApi.summary(signal),
  });
}

/** One queue's waiting tickets in order; nothing asked while no queue is chosen. */
export function useQueueWaiting(companyId: number, queueId: number | null) {
  return useQuery({
    queryKey: queueMonitorKeys.waiting(companyId, queueId ?? 0),
    queryFn: ({ signal }) => queueMonitorApi.waiting(queueId as number, signal),
    enabled: queueId !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Keeps the monitor live: the company's ticket and user events (the only ones this socket can
 * hear: rooms are the company's) refetch it once per burst; a reconnection reads it again.
 */
export function useQueueMonitorLiveRefresh(
  companyId: number,
  attendants: readonly QueueMonitorAttendant[] | undefined,
) {
  const queryClient = useQueryClient();
  const live = useMemo(() => createMonitorLiveRefresh(queryClient, companyId), [queryClient, companyId]);
  useEffect(() => () => live.dispose(), [live]);
  // Supervisors and admins hear every ticket through the company-wide list rooms.
  useTicketRooms(allStatuses);
  useSocketEvent(companyEvent(companyId, 'ticket'), live.onTicketEvent);
  useSocketEvent(companyEvent(companyId, 'user'), (event) => live.onUserEvent(event, attendants));
  useReloadOnConnect(live.onTicketEvent);
}

/** The time now, renewed every `everyMs`: the waits on screen tick without asking the server. */
export function useNow(everyMs = 1_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
