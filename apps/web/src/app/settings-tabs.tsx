import { lazy } from 'react';
import type { SettingsTab } from '../features/settings/model/settings-tab.ts';

/**
 * The tabs of /settings, in order. Each loads with its tab. The app gathers them, not the settings
 * feature: several are other features' (companies, plans, helps…), and companies in turn uses
 * settings' editors. Add a tab by appending an entry:
 * `component: lazy(() => import('../features/x/components/x-tab.tsx').then((m) => ({ default: m.XTab })))`.
 */
export const settingsTabs: SettingsTab[] = [
  {
    id: 'options',
    labelKey: 'settings:tabs.options',
    superOnly: false,
    component: lazy(() =>
      import('../features/settings/components/settings-options-tab.tsx').then((module) => ({
        default: module.SettingsOptionsTab,
      })),
    ),
  },
  {
    id: 'schedules',
    labelKey: 'settings:tabs.schedules',
    superOnly: false,
    // spec: the company's hours matter only when the schedule type is 'company'.
    isVisible: ({ settings }) => settings.scheduleType === 'company',
    component: lazy(() =>
      import('../features/settings/components/company-schedules-tab.tsx').then((module) => ({
        default: module.CompanySchedulesTab,
      })),
    ),
  },
  {
    id: 'deadLetters',
    labelKey: 'settings:tabs.deadLetters',
    superOnly: false,
    component: lazy(() =>
      import('../features/dead-letters/components/dead-letters-tab.tsx').then((module) => ({
        default: module.DeadLettersTab,
      })),
    ),
  },
  {
    id: 'webhooks',
    labelKey: 'settings:tabs.webhooks',
    superOnly: false,
    component: lazy(() =>
      import('../features/webhooks/components/webhooks-tab.tsx').then((module) => ({ default: module.WebhooksTab })),
    ),
  },
  {
    id: 'aiAssist',
    labelKey: 'settings:tabs.aiAssist',
    superOnly: false,
    component: lazy(() =>
      import('../features/ai-assist/components/ai-assist-settings-tab.tsx').then((module) => ({
        default: module.AiAssistSettingsTab,
      })),
    ),
  },
  {
    id: 'auditLog',
    labelKey: 'settings:tabs.auditLog',
    superOnly: false,
    component: lazy(() =>
      import('../features/audit/components/audit-log-tab.tsx').then((module) => ({ default: module.AuditLogTab })),
    ),
  },
  {
    id: 'companies',
    labelKey: 'settings:tabs.companies',
    superOnly: true,
    component: lazy(() =>
      import('../features/companies/components/companies-manager.tsx').then((module) => ({
        default: module.CompaniesManager,
      })),
    ),
  },
  {
    id: 'plans',
    labelKey: 'settings:tabs.plans',
    superOnly: true,
    component: lazy(() =>
      import('../features/plans/components/plans-manager.tsx').then((module) => ({ default: module.PlansManager })),
    ),
  },
  {
    id: 'helps',
    labelKey: 'settings:tabs.helps',
    superOnly: true,
    component: lazy(() =>
      import('../features/helps/components/helps-settings-tab.tsx').then((module) => ({
        default: module.HelpsSettingsTab,
      })),
    ),
  },
];
