import { useSessionUser } from '../../auth/index.ts';
import { SettingsOptionsPanel } from './settings-options-panel.tsx';

/** The options tab of /settings: the session's own company. */
export function SettingsOptionsTab() {
  const { companyId } = useSessionUser();
  return <SettingsOptionsPanel companyId={companyId} />;
}
