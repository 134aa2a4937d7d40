import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue.ts';

/** Makes a company's next invoice N days before its due date (pg-boss keeps it across restarts). */
export const invoiceGenerationJob = defineJob({
  name: 'billing.generate-invoice',
  payload: z.object({
    companyId: z.number().int().positive(),
    /** The due date the invoice is for: a job for a due date since moved does nothing. */
    dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
});

/** The safety net: every hour, any company whose invoice time came without one. */
export const invoiceSweepJob = defineJob({
  name: 'billing.sweep',
  payload: z.object({}).passthrough(),
  cron: '7 * * * *',
});
