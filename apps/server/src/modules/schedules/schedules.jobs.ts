import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

export const scheduleSendPayload = z.object({
  companyId: z.number().int().positive(),
  scheduleId: z.number().int().positive(),
  /** The time this job was queued for: a job of a time since moved does nothing. */
  sendAt: z.string(),
});

/** One schedule's send at its time (pg-boss keeps it across restarts). */
export function createScheduleSendJob(handler: (payload: z.infer<typeof scheduleSendPayload>) => Promise<void>) {
  return defineJob({ name: 'schedules.send', payload: scheduleSendPayload, handler });
}

/** The safety net: every minute, anything due that no job sent (a lost job, a crash mid-way). */
export function createScheduleSweepJob(handler: () => Promise<void>) {
  return defineJob({ name: 'schedules.sweep', payload: z.object({}).passthrough(), handler, cron: '* * * * *' });
}
