import { defineRoute } from '../common/route-contract.ts';
import { queueIdParamsSchema } from './queue.schema.ts';
import { queueMonitorSchema, queueWaitingListSchema } from './queue-monitor.schema.ts';

/** The queue monitor (issue 48): admins and supervisors. */
export const queueMonitorRoutes = {
  monitor: defineRoute({ method: 'GET', path: '/api/queues/monitor', response: queueMonitorSchema }),
  /** One queue's waiting tickets in the line's order (at most the first 200). */
  waiting: defineRoute({
    method: 'GET',
    path: '/api/queues/monitor/:id/waiting',
    params: queueIdParamsSchema,
    response: queueWaitingListSchema,
  }),
};
