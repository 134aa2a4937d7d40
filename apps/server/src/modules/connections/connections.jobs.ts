import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** Tells a company's admins that Meta refused a connection's token (docs/decisions/connection-alerts.md). */
export const tokenRefusedAlertJob = defineJob({
  name: 'connections.token-refused-alert',
  payload: z.object({
    companyId: z.number().int().positive(),
    connectionId: z.number().int().positive(),
    detail: z.string(),
  }),
});
export type TokenRefusedAlertPayload = z.infer<typeof tokenRefusedAlertJob.payload>;
