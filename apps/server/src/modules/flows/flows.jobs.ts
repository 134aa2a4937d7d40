import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';
import type { FlowResumePayload } from './flow-runtime.ts';

/** The end of an interval: the run continues where it waits (pg-boss keeps it across restarts). */
export const flowResumeJob = defineJob({
  name: 'flows.resume',
  payload: z.object({
    companyId: z.number().int().positive(),
    runId: z.number().int().positive(),
    version: z.number().int().min(0),
  }) satisfies z.ZodType<FlowResumePayload>,
});

/** One turn of a flow's typebot or OpenAI node: durable, so a restart never loses the customer's message. */
export const flowBotTurnJob = defineJob({
  name: 'flows.botTurn',
  payload: z.object({
    companyId: z.number().int().positive(),
    runId: z.number().int().positive(),
    /** The typebot or OpenAI node the run waits at: a job for a node the run has left does nothing. */
    nodeId: z.string().min(1).max(64),
    /** The customer's message to answer; null when the flow has just reached the node (the bot speaks first). */
    messageId: z.number().int().positive().nullable(),
  }),
});
export type FlowBotTurnPayload = z.infer<typeof flowBotTurnJob.payload>;
