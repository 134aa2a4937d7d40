import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** One attempt of one delivery; the next attempt is a new job, delayed by the backoff. */
export const webhookDeliverJob = defineJob({
  name: 'webhooks.deliver',
  payload: z.object({
    companyId: z.number().int().positive(),
    deliveryId: z.number().int().positive(),
    /** The attempt this job is for (0-based): a job whose attempt was already made does nothing. */
    attempt: z.number().int().min(0),
  }),
});
export type WebhookDeliverPayload = z.infer<typeof webhookDeliverJob.payload>;

/** Every night: the delivery log keeps 30 days (DELIVERY_LOG_DAYS). */
export const webhookLogCleanupJob = defineJob({
  name: 'webhooks.log-cleanup',
  payload: z.object({}).passthrough(),
  cron: '23 3 * * *',
});

/**
 * Every minute (and once at start-up): pending deliveries whose job should have run and did not
 * get one now (the outbox sweep, docs/decisions/public-api-and-webhooks.md).
 */
export const webhookSweepJob = defineJob({
  name: 'webhooks.sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
});
