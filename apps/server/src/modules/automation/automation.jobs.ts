import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** The routing timers (timeToTransfer, expiresTicket), swept every minute for every company. */
export function createTimersJob(handler: () => Promise<unknown>) {
  return defineJob({
    name: 'automation.timers',
    payload: z.object({}).passthrough(),
    cron: '* * * * *',
    handler: async () => {
      await handler();
    },
  });
}
