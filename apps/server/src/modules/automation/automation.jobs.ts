import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** The routing timers (timeToTransfer, expiresTicket), swept every minute for every company. */
export const routingTimersJob = defineJob({
  name: 'automation.timers',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
});
