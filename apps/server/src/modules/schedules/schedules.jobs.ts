import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** One schedule's send at its time (pg-boss keeps it across restarts). */
export const scheduleSendJob = defineJob({
  name: 'schedules.send',
  payload: z.object({
    companyId: z.number().int().positive(),
    scheduleId: z.number().int().positive(),
    /** The time this job was queued for: a job of a time since moved does nothing. */
    sendAt: z.string(),
  }),
});

/** The safety net: every minute, anything due that no job sent (a lost job, a crash mid-way). */
export const scheduleSweepJob = defineJob({
  name: 'schedules.sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
});
