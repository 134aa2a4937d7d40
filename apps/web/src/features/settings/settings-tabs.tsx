import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What a tab may look at to decide whether it shows. */
export interface SettingsTabContext {
  isSuper: boolean;
  /** The company's settings by key (scheduleType…); empty until loaded. */
  settings: Record<string, string>;
}

export interface SettingsTab {
  id: string;
  /** An i18n key, e.g. 'settings:tabs.options'. */
  labelKey: string;
  /** spec: companies, plans and helps are for the super user only. */
  superOnly: boolean;
  /** An extra rule beyond superOnly. */
  isVisible?: (context: SettingsTabContext) => boolean;
  component: LazyExoticComponent<ComponentType>;
}

/**
 * The tabs of /settings, in order. Each loads with its tab. Add a tab by appending an entry:
 * `component: lazy(() => import('../x/components/x-tab.tsx').then((m) => ({ default: m.XTab })))`.
 */
export const settingsTabs: SettingsTab[] = [
  {
    id: 'options',
    labelKey: 'settings:tabs.options',
    superOnly: false,
    component: lazy(() =>
      import('./components/settings-options-tab.tsx').then((module) => ({ default: module.SettingsOptionsTab })),
    ),
  },
  {
    id: 'schedules',
    labelKey: 'settings:tabs.schedules',
    superOnly: false,
    // spec: the company's hours matter only when the schedule type is 'company'.
    isVisible: ({ settings }) => settings.scheduleType === 'company',
    component: lazy(() =>
      import('./components/company-schedules-tab.tsx').then((module) => ({ default: module.CompanySchedulesTab })),
    ),
  },
  {
    id: 'deadLetters',
    labelKey: 'settings:tabs.deadLetters',
    superOnly: false,
    component: lazy(() =>
      import('../dead-letters/components/dead-letters-tab.tsx').then((module) => ({ default: module.DeadLettersTab })),
    ),
  },
  {
    id: 'webhooks',
    labelKey: 'settings:tabs.webhooks',
    superOnly: false,
    component: lazy(() =>
      import('../webhooks/components/webhooks-tab.tsx').then((module) => ({ default: module.WebhooksTab })),
    ),
  },
  {
    id: 'companies',
    labelKey: 'settings:tabs.companies',
    superOnly: true,
    component: lazy(() =>
      import('../companies/components/companies-manager.tsx').then((module) => ({ default: module.CompaniesManager })),
    ),
  },
  {
    id: 'plans',
    labelKey: 'settings:tabs.plans',
    superOnly: true,
    component: lazy(() =>
      import('../plans/components/plans-manager.tsx').then((module) => ({ default: module.PlansManager })),
    ),
  },
  {
    id: 'helps',
    labelKey: 'settings:tabs.helps',
    superOnly: true,
    component: lazy(() =>
      import('../helps/components/helps-settings-tab.tsx').then((module) => ({ default: module.HelpsSettingsTab })),
    ),
  },
];

export function visibleSettingsTabs(context: SettingsTabContext, tabs: readonly SettingsTab[] = settingsTabs) {
  return tabs.filter((tab) => (!tab.superOnly || context.isSuper) && (tab.isVisible?.(context) ?? true));
}
