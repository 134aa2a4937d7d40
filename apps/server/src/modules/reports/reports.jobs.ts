import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** Every minute: the business-hours variants of the times that moved since the last pass. */
export const businessHoursSweepJob = defineJob({
  name: 'reports.business-hours-sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
});

/**
 * A company's rows rebuilt on its new time zone (docs/decisions/reports.md, "Time zone change").
 * Sent when the `timezone` setting changes; the sweep below sends it again for any company still
 * waiting (a process stopped before sending or during the rebuild).
 */
export const reportRebuildJob = defineJob({
  name: 'reports.rebuild',
  payload: z.object({ companyId: z.number().int().positive() }),
});

/** Every minute: a rebuild job for each company that still waits for one. */
export const reportRebuildSweepJob = defineJob({
  name: 'reports.rebuild-sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
});

/** One rebuild at a time per company in the queue. */
export const rebuildSingletonKey = (companyId: number) => `company-${companyId}`;
