import { pushPayloadSchema } from '@wacrm/shared';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

const ticketStateSchema = z.object({
  status: z.string(),
  queueId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
});

/**
 * One event that may notify users: who receives it is decided when the job runs (their
 * subscriptions, queues and profile then), and each device gets a `push.deliver` job of its own, so
 * a failing push service retries that device alone.
 */
export const pushEventJob = defineJob({
  name: 'push.event',
  payload: z.discriminatedUnion('kind', [
    /** A customer message stored on a ticket. */
    z.object({ kind: z.literal('message'), companyId: z.number().int().positive(), messageId: z.number().int() }),
    /** A ticket moved to someone (transfer, automatic assignment) or into a queue as pending. */
    z.object({
      kind: z.literal('ticket'),
      companyId: z.number().int().positive(),
      ticketId: z.number().int(),
      current: ticketStateSchema,
      previous: ticketStateSchema,
      actorUserId: z.number().int().nullable(),
    }),
    /** An internal chat message. */
    z.object({
      kind: z.literal('chat'),
      companyId: z.number().int().positive(),
      chatUuid: z.string(),
      chatTitle: z.string(),
      senderName: z.string(),
      message: z.string(),
      userIds: z.array(z.number().int()),
    }),
  ]),
});
export type PushEventPayload = z.infer<typeof pushEventJob.payload>;

/** One notification to one device; retried with backoff when the push service fails. */
export const pushDeliverJob = defineJob({
  name: 'push.deliver',
  payload: z.object({
    companyId: z.number().int().positive(),
    subscriptionId: z.number().int().positive(),
    notification: pushPayloadSchema,
  }),
});
