import { slaTargetKinds } from '@wacrm/shared';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** A target falls due: tell its breach if it is still missed (sent when a cycle's targets are set). */
export const slaBreachCheckJob = defineJob({
  name: 'sla.breach-check',
  payload: z.object({ companyId: z.number(), cycleId: z.number(), kind: z.enum(slaTargetKinds) }),
});

/** Every minute, the backstop: breaches past due that no check told (their job lost, an event missed). */
export const slaBreachSweepJob = defineJob({
  name: 'sla.breach-sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
});

/**
 * Every hour: companies whose Monday 08:00 has come on their own clock get last week's summary
 * (one job per company and week; the send itself is claimed in the database, so it goes once).
 */
export const weeklySummarySweepJob = defineJob({
  name: 'sla.weekly-summary-sweep',
  payload: z.object({}).passthrough(),
  cron: '5 * * * *',
});

export const weeklySummaryJob = defineJob({
  name: 'sla.weekly-summary',
  payload: z.object({ companyId: z.number(), weekStart: z.string() }),
});
