import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** One bot answer to one customer message: durable, so a restart never loses the customer's message. */
export const botTurnJob = defineJob({
  name: 'bots.turn',
  payload: z.object({
    companyId: z.number().int().positive(),
    ticketId: z.number().int().positive(),
    messageId: z.number().int().positive(),
    kind: z.enum(['prompt', 'integration']),
    botId: z.number().int().positive(),
    /** 0 for the first try; a provider failure that may pass sends the next attempt later. */
    attempt: z.number().int().min(0).default(0),
  }),
});
export type BotTurnPayload = z.infer<typeof botTurnJob.payload>;
