import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { useSessionUser } from '../../auth/index.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { type SettingsTab, visibleSettingsTabs } from '../model/settings-tab.ts';

/**
 * /settings: the company's options and hours, and for the super user the platform's tabs. The app
 * hands in the tabs (app/settings-tabs.tsx), so settings imports none of the features they belong to.
 */
export function SettingsPage({ tabs: allTabs }: { tabs: readonly SettingsTab[] }) {
  const { t } = useTranslation(['settings', 'shell']);
  const user = useSessionUser();
  const isAdmin = hasPermission(user, 'drawer-admin-items:view');
  const settings = useSettings(user.companyId, isAdmin);
  const [params, setParams] = useSearchParams();

  const tabs = useMemo(() => {
    const byKey = Object.fromEntries((settings.data ?? []).map((setting) => [setting.key, setting.value]));
    return visibleSettingsTabs({ isSuper: user.super, settings: byKey }, allTabs);
  }, [settings.data, user.super, allTabs]);

  if (!isAdmin) return <Alert severity="info">{t('adminOnly')}</Alert>;

  // The tab lives in the URL (?tab=plans) so a reload or a shared link opens the same one.
  const current = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0];
  const Current = current?.component;

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Tabs
        value={current?.id ?? false}
        onChange={(_event, id: string) => setParams({ tab: id }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.id} value={tab.id} label={t(tab.labelKey)} data-testid={`settings-tab-${tab.id}`} />
        ))}
      </Tabs>
      <Suspense fallback={<CenteredSpinner />}>{Current && <Current />}</Suspense>
    </Box>
  );
}
