import type { Permission } from '@wacrm/shared/auth/permissions';
import type { PlanFeatureFlag } from '@wacrm/shared/plans/plan.schema';
import { settingDefinitions } from '@wacrm/shared/settings/settings';

/** Who may open a page, besides being logged in. */
export interface PageAccess {
  /** Admins only (the menu's administration items): others see a notice instead of the screen. */
  admin?: boolean;
  /** A permission of the user's profile (supervisors' screens): others see the same notice. */
  permission?: Permission;
  /** A plan flag: without it, a toast and back to `/` after 1 s (spec tools "Route guards"). */
  planFlag?: PlanFeatureFlag;
}

/**
 * The rules of each page by its menu key (the `featureKey` of the private routes), the same the
 * side menu applies to its entries; a page not listed is open to every logged-in user.
 */
export const pageAccess: Record<string, PageAccess> = {
  kanban: { planFlag: 'useKanban' },
  schedules: { planFlag: 'useSchedules' },
  internalChat: { planFlag: 'useInternalChat' },
  connections: { admin: true },
  users: { admin: true },
  queues: { admin: true },
  slaPolicies: { admin: true },
  // Admins and supervisors (issue 48); the server guards its routes with the same permission.
  queueMonitor: { permission: 'dashboard:view' },
  // File lists belong to the campaign tool: the server gates /api/files by useCampaigns.
  files: { admin: true, planFlag: 'useCampaigns' },
  financeiro: { admin: true },
  subscription: { admin: true },
  settings: { admin: true },
  prompts: { admin: true, planFlag: 'useOpenAi' },
  queueIntegrations: { admin: true, planFlag: 'useIntegrations' },
  messagesApi: { admin: true, planFlag: 'useExternalApi' },
  campaigns: { admin: true, planFlag: 'useCampaigns' },
  contactLists: { admin: true, planFlag: 'useCampaigns' },
  campaignSettings: { admin: true, planFlag: 'useCampaigns' },
  campaignReport: { admin: true, planFlag: 'useCampaigns' },
  phraseLists: { admin: true },
  flowbuilders: { admin: true },
};

/** The company setting `campaignsEnabled`, its default when the company has no row for it. */
export function campaignsSettingOf(settings: readonly { key: string; value: string }[]) {
  return (
    settings.find((setting) => setting.key === 'campaignsEnabled')?.value ?? settingDefinitions.campaignsEnabled.default
  );
}
