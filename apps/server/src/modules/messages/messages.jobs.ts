import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

export const sendRetryPayload = z.object({
  companyId: z.number().int().positive(),
  messageId: z.number().int().positive(),
  attempt: z.number().int().min(0),
});

/** One more attempt to send a stored outbound message; the attempt count travels in the payload. */
export function createSendRetryJob(handler: (payload: z.infer<typeof sendRetryPayload>) => Promise<void>) {
  return defineJob({
    name: 'messages.send-retry',
    payload: sendRetryPayload,
    handler,
  });
}

/** Every 10 minutes: messages that waited for their connection longer than the bound are marked failed. */
export function createExpireUnsentJob(handler: () => Promise<void>) {
  return defineJob({
    name: 'messages.expire-unsent',
    payload: z.object({}).passthrough(),
    handler,
    cron: '*/10 * * * *',
  });
}
