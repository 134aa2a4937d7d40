import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/**
 * Every minute: a pass for each company with a ticket waiting in an automatic queue. Kicks after
 * each change assign at once; this catches what a crash or restart left between a change and its kick.
 */
export const assignmentSweepJob = defineJob({
  name: 'tickets.assignment-sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
});
