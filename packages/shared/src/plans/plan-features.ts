import type { PlanFeatureFlag, PlanFlags } from './plan.schema.ts';

/**
 * Which plan flag opens each plan-gated feature. The server refuses the feature's routes when the
 * company's plan lacks the flag (apps/server/src/modules/plans/plan-rules.ts); the web hides the
 * menu entry and, opened by URL, toasts and returns to `/`.
 */
export const planFeatures = {
  prompts: 'useOpenAi',
  queueIntegrations: 'useIntegrations',
  messagesApi: 'useExternalApi',
  webhooks: 'useExternalApi',
  schedules: 'useSchedules',
  kanban: 'useKanban',
  campaigns: 'useCampaigns',
  internalChat: 'useInternalChat',
} as const satisfies Record<string, PlanFeatureFlag>;

export type PlanFeature = keyof typeof planFeatures;

/**
 * Whether the company may use a flag's feature. Campaigns also open with the company setting
 * `campaignsEnabled` = 'true' (spec core §2, side menu visibility).
 */
export function planAllowsFlag(plan: PlanFlags, flag: PlanFeatureFlag, campaignsSetting?: string): boolean {
  if (flag === 'useCampaigns') return plan.useCampaigns || campaignsSetting === 'true';
  return plan[flag] === true;
}
