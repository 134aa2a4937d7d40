import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** One more attempt to send a stored outbound message; the attempt count travels in the payload. */
export const sendRetryJob = defineJob({
  name: 'messages.send-retry',
  payload: z.object({
    companyId: z.number().int().positive(),
    messageId: z.number().int().positive(),
    attempt: z.number().int().min(0),
  }),
});
export type SendRetryPayload = z.infer<typeof sendRetryJob.payload>;

/** Every 10 minutes: messages that waited for their connection longer than the bound are marked failed. */
export const expireUnsentJob = defineJob({
  name: 'messages.expire-unsent',
  payload: z.object({}).passthrough(),
  cron: '*/10 * * * *',
});
