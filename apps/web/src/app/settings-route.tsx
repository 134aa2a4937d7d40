import { SettingsPage } from '../features/settings/pages/settings-page.tsx';
import { settingsTabs } from './settings-tabs.tsx';

/** /settings with its tabs: the app composes them, as they come from several features. */
export function SettingsRoute() {
  return <SettingsPage tabs={settingsTabs} />;
}
