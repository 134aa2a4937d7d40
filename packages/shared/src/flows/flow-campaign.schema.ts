import { z } from 'zod';
import { dbIdSchema } from '../common/db-values.ts';
import { timestampSchema } from '../common/route-contract.ts';

/** spec: name, flow and trigger phrase required; the connection is flagged but not blocking. */
export const flowCampaignFieldsSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100, 'Too Long!'),
  flowId: dbIdSchema,
  whatsappId: dbIdSchema.nullable().optional(),
  phrase: z.string({ error: 'Required' }).trim().min(1, 'Required').max(500, 'Too Long!'),
  status: z.boolean().default(true),
});
export type FlowCampaignFields = z.infer<typeof flowCampaignFieldsSchema>;
export const flowCampaignUpdateSchema = flowCampaignFieldsSchema.extend({ id: dbIdSchema });
export type FlowCampaignUpdate = z.infer<typeof flowCampaignUpdateSchema>;

/** A flow campaign (trigger phrase) as the API answers it. */
export const flowCampaignRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  flowId: z.number(),
  whatsappId: z.number().nullable(),
  phrase: z.string(),
  status: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type FlowCampaignRecord = z.input<typeof flowCampaignRecordSchema>;
