import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** Every minute: the business-hours variants of the times that moved since the last pass. */
export const businessHoursSweepJob = defineJob({
  name: 'reports.business-hours-sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
});
