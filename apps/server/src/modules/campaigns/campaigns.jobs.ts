import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** One link of a campaign's send chain (pg-boss keeps it across restarts). */
export const campaignDispatchJob = defineJob({
  name: 'campaigns.dispatch',
  payload: z.object({
    companyId: z.number().int().positive(),
    campaignId: z.number().int().positive(),
    /** The chain this job belongs to: a job of an older chain does nothing. */
    token: z.string().uuid(),
  }),
});
export type CampaignDispatchPayload = z.infer<typeof campaignDispatchJob.payload>;

/** A programmed campaign's start at its time. */
export const campaignStartJob = defineJob({
  name: 'campaigns.start',
  payload: z.object({
    companyId: z.number().int().positive(),
    campaignId: z.number().int().positive(),
  }),
});

/** The safety net: every minute, programmed campaigns that came due and running ones whose chain was lost. */
export const campaignSweepJob = defineJob({
  name: 'campaigns.sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
});

/** One round of WhatsApp-number checks of a contact list (number-check.ts). */
export const numberCheckJob = defineJob({
  name: 'campaigns.check-numbers',
  payload: z.object({
    companyId: z.number().int().positive(),
    contactListId: z.number().int().positive(),
  }),
});
export type NumberCheckPayload = z.infer<typeof numberCheckJob.payload>;
