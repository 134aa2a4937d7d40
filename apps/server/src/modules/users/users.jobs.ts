import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** A heartbeat's check after the offline delay: the user goes offline if no newer heartbeat came. */
export const markOfflineJob = defineJob({
  name: 'users.mark-offline',
  payload: z.object({ companyId: z.number().int(), userId: z.number().int() }),
});
