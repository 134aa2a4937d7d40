import type { ComponentType, LazyExoticComponent } from 'react';

/** What a tab may look at to decide whether it shows. */
export interface SettingsTabContext {
  isSuper: boolean;
  /** The company's settings by key (scheduleType…); empty until loaded. */
  settings: Record<string, string>;
}

/** One tab of /settings. The list itself is the app's (app/settings-tabs.tsx): it gathers other features' tabs. */
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

export function visibleSettingsTabs(context: SettingsTabContext, tabs: readonly SettingsTab[]) {
  return tabs.filter((tab) => (!tab.superOnly || context.isSuper) && (tab.isVisible?.(context) ?? true));
}
