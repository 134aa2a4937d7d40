import { z } from 'zod';

/** The seven feature flags a plan switches on or off. */
export const planFeatureFlags = [
  'useCampaigns',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
] as const;
export type PlanFeatureFlag = (typeof planFeatureFlags)[number];

export const planFlagsSchema = z.object({
  useCampaigns: z.boolean().default(true),
  useKanban: z.boolean().default(true),
  useOpenAi: z.boolean().default(true),
  useIntegrations: z.boolean().default(true),
  useSchedules: z.boolean().default(true),
  useInternalChat: z.boolean().default(true),
  useExternalApi: z.boolean().default(true),
});
export type PlanFlags = z.infer<typeof planFlagsSchema>;

export const planFieldsSchema = planFlagsSchema.extend({
  name: z.string().trim().min(1, 'Required').max(100),
  users: z.coerce.number().int().min(0).max(100_000),
  connections: z.coerce.number().int().min(0).max(100_000),
  queues: z.coerce.number().int().min(0).max(100_000),
  /** Monthly price in BRL. */
  value: z.coerce.number().min(0).max(10_000_000),
});
export type PlanFields = z.infer<typeof planFieldsSchema>;

export const planIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The seven flags as the API answers them (always all present). */
export const planFlagsRecordSchema = z.object({
  useCampaigns: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
});

/** What the public plan list (signup page) exposes. */
export const publicPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  /** Monthly price in BRL. */
  value: z.number(),
});
export type PublicPlan = z.input<typeof publicPlanSchema>;

/** A plan as the API answers it: its limits, price and flags. */
export const planRecordSchema = publicPlanSchema.extend(planFlagsRecordSchema.shape);
export type Plan = z.input<typeof planRecordSchema>;
