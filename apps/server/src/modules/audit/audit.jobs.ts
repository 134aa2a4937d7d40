import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** Once a day (UTC): entries older than the retention (AUDIT_RETENTION_DAYS) are deleted. */
export const auditRetentionJob = defineJob({
  name: 'audit.retention',
  payload: z.object({}),
  cron: '23 3 * * *',
});
