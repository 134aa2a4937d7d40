import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueRecord } from '@wacrm/shared/queues/queue.schema';
import { companyEvent, type QueueEvent } from '@wacrm/shared/realtime/events';
import { mergeLiveChange } from '../../../lib/live-cache.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { queuesApi, queuesKeys } from '../api/queues-api.ts';
import { applyQueueEvent } from '../model/queue-list.ts';

/** The company's queues, kept current by `company-{id}-queue`; an update also refreshes that queue's menu. */
export function useQueues(companyId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queuesKeys.list(companyId), queryFn: queuesApi.list });
  useSocketEvent(companyEvent(companyId, 'queue'), (event: QueueEvent) => {
    mergeLiveChange<QueueRecord[]>(queryClient, queuesKeys.list(companyId), (list) => applyQueueEvent(list, event));
    const queueId = event.action === 'delete' ? event.queueId : event.queue.id;
    void queryClient.invalidateQueries({ queryKey: queuesKeys.options(queueId) });
    // The plan usage counts queues.
    void queryClient.invalidateQueries({ queryKey: queuesKeys.usage(companyId) });
  });
  return query;
}

/** The plan's queue limit and how many the company has; null until known. */
export function useQueueLimit(companyId: number, queueCount: number | undefined) {
  const query = useQuery({
    queryKey: queuesKeys.usage(companyId),
    queryFn: queuesApi.usage,
    staleTime: 60_000,
    retry: false,
  });
  const limit = query.data?.queues.limit;
  if (limit === undefined) return null;
  // The live list is newer than the usage answer after a create or delete.
  const used = queueCount ?? query.data?.queues.used ?? 0;
  return { limit, used, isReached: used >= limit };
}
