import { queueMonitorRoutes } from '@wacrm/shared/queues/queue-monitor.routes';
import { http } from '../../../lib/api.ts';

export const queueMonitorKeys = {
  all: (companyId: number) => ['queue-monitor', companyId] as const,
  summary: (companyId: number) => ['queue-monitor', companyId, 'summary'] as const,
  waiting: (companyId: number, queueId: number) => ['queue-monitor', companyId, 'waiting', queueId] as const,
};

export const queueMonitorApi = {
  summary: (signal?: AbortSignal) => http.call(queueMonitorRoutes.monitor, { signal }),
  waiting: (queueId: number, signal?: AbortSignal) =>
    http.call(queueMonitorRoutes.waiting, { params: { id: queueId }, signal }),
};
