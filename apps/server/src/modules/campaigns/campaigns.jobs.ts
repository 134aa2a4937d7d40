import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

export const campaignDispatchPayload = z.object({
  companyId: z.number().int().positive(),
  campaignId: z.number().int().positive(),
  /** The chain this job belongs to: a job of an older chain does nothing. */
  token: z.string().uuid(),
});

export const campaignStartPayload = z.object({
  companyId: z.number().int().positive(),
  campaignId: z.number().int().positive(),
});

/** One link of a campaign's send chain (pg-boss keeps it across restarts). */
export function createCampaignDispatchJob(
  handler: (payload: z.infer<typeof campaignDispatchPayload>) => Promise<void>,
) {
  return defineJob({
    name: 'campaigns.dispatch',
    payload: campaignDispatchPayload,
    handler,
  });
}

/** A programmed campaign's start at its time. */
export function createCampaignStartJob(handler: (payload: z.infer<typeof campaignStartPayload>) => Promise<void>) {
  return defineJob({ name: 'campaigns.start', payload: campaignStartPayload, handler });
}

/** The safety net: every minute, programmed campaigns that came due and running ones whose chain was lost. */
export function createCampaignSweepJob(handler: () => Promise<void>) {
  return defineJob({ name: 'campaigns.sweep', payload: z.object({}).passthrough(), handler, cron: '* * * * *' });
}
