import type { PlanFeatureFlag, PlanFlags } from '@wacrm/shared/plans/plan.schema';
import { planAllowsFlag } from '@wacrm/shared/plans/plan-features';

/** What decides which side-menu entries a user sees (spec §2 "Side menu visibility"). */
export interface MenuContext {
  /** hasPermission(user, 'drawer-admin-items:view') */
  isAdmin: boolean;
  /** hasPermission(user, 'dashboard:view') */
  canViewDashboard: boolean;
  isSuper: boolean;
  /** Null until the company's plan is loaded: plan-gated entries stay hidden until then. */
  plan: PlanFlags | null;
  /** The company setting `campaignsEnabled` ('true' | 'false'; its default when the company has no row). */
  campaignsSetting: string | undefined;
}

export interface MenuLink {
  key: string;
  path: string;
  /** Extra rule beyond the section's; absent means always shown inside the section. */
  isVisible?: (context: MenuContext) => boolean;
}

export interface MenuGroup {
  key: string;
  children: MenuLink[];
  isVisible: (context: MenuContext) => boolean;
}

export type MenuEntry = MenuLink | MenuGroup;

export interface MenuSection {
  key: 'main' | 'administration';
  entries: MenuEntry[];
}

export const isMenuGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;

const planAllows =
  (flag: PlanFeatureFlag) =>
  ({ plan }: MenuContext) =>
    plan?.[flag] === true;

/**
 * spec: the campaign submenu needs admin and (plan campaigns, or the company setting). The browser
 * flag `cshow` is not a permission (docs/decisions/users-and-settings.md).
 */
export function canSeeCampaigns(context: MenuContext): boolean {
  return (
    context.isAdmin && context.plan !== null && planAllowsFlag(context.plan, 'useCampaigns', context.campaignsSetting)
  );
}

export const menuSections: MenuSection[] = [
  {
    key: 'main',
    entries: [
      { key: 'dashboard', path: '/', isVisible: (context) => context.canViewDashboard },
      { key: 'queueMonitor', path: '/queue-monitor', isVisible: (context) => context.canViewDashboard },
      // Everyone: attendants see their own figures (issue 50).
      { key: 'reports', path: '/reports' },
      { key: 'tickets', path: '/tickets' },
      { key: 'quickMessages', path: '/quick-messages' },
      { key: 'kanban', path: '/kanban', isVisible: planAllows('useKanban') },
      { key: 'todolist', path: '/todolist' },
      { key: 'contacts', path: '/contacts' },
      { key: 'schedules', path: '/schedules', isVisible: planAllows('useSchedules') },
      { key: 'tags', path: '/tags' },
      { key: 'internalChat', path: '/chats', isVisible: planAllows('useInternalChat') },
      { key: 'helps', path: '/helps' },
    ],
  },
  {
    key: 'administration',
    entries: [
      {
        key: 'campaignsGroup',
        isVisible: canSeeCampaigns,
        children: [
          { key: 'campaigns', path: '/campaigns' },
          { key: 'contactLists', path: '/contact-lists' },
          { key: 'campaignSettings', path: '/campaigns-config' },
        ],
      },
      {
        key: 'flowsGroup',
        isVisible: (context) => context.isAdmin,
        children: [
          { key: 'phraseLists', path: '/phrase-lists' },
          { key: 'flowbuilders', path: '/flowbuilders' },
        ],
      },
      // spec: announcements depend on the super flag alone.
      { key: 'announcements', path: '/announcements', isVisible: (context) => context.isSuper },
      { key: 'messagesApi', path: '/messages-api', isVisible: adminAnd(planAllows('useExternalApi')) },
      { key: 'users', path: '/users', isVisible: adminAnd() },
      { key: 'queues', path: '/queues', isVisible: adminAnd() },
      { key: 'slaPolicies', path: '/sla-policies', isVisible: adminAnd() },
      { key: 'prompts', path: '/prompts', isVisible: adminAnd(planAllows('useOpenAi')) },
      { key: 'queueIntegrations', path: '/queue-integration', isVisible: adminAnd(planAllows('useIntegrations')) },
      { key: 'connections', path: '/connections', isVisible: adminAnd() },
      // File lists belong to the campaign tool (docs/decisions/campaigns.md).
      { key: 'files', path: '/files', isVisible: adminAnd(planAllows('useCampaigns')) },
      { key: 'financeiro', path: '/financeiro', isVisible: adminAnd() },
      // The plan and its checkout: the company's admins, as the page itself (page-access-rules.ts).
      { key: 'subscription', path: '/subscription', isVisible: adminAnd() },
      { key: 'settings', path: '/settings', isVisible: adminAnd() },
    ],
  },
];

function adminAnd(rule?: (context: MenuContext) => boolean) {
  return (context: MenuContext) => context.isAdmin && (rule ? rule(context) : true);
}

/** The sections and entries this user may see, empty sections and groups dropped. */
export function visibleMenu(context: MenuContext, sections: MenuSection[] = menuSections): MenuSection[] {
  return sections
    .map((section) => ({
      ...section,
      entries: section.entries.filter((entry) => (entry.isVisible ? entry.isVisible(context) : true)),
    }))
    .filter((section) => section.entries.length > 0);
}

/** Every link key that is visible, groups expanded; handy for tests and for route checks. */
export function visibleMenuKeys(context: MenuContext): string[] {
  return visibleMenu(context).flatMap((section) =>
    section.entries.flatMap((entry) =>
      isMenuGroup(entry) ? [entry.key, ...entry.children.map((c) => c.key)] : [entry.key],
    ),
  );
}
