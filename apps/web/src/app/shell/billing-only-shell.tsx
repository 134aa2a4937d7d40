import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Logout from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { BrandLogo } from '../../components/ui/brand-logo.tsx';
import { LanguageMenu } from '../../components/ui/language-menu.tsx';
import { authApi } from '../../features/auth/api/auth-api.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { useColorMode } from '../color-mode.tsx';

/**
 * The frame of the billing-only view (an expired company's admin): no side menu, no widgets that
 * call the refused API, just invoices, the subscription, language, theme and logout.
 */
export function BillingOnlyShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['shell', 'financeiro', 'subscription']);
  const { logout } = useAuth();
  const { mode, toggleMode } = useColorMode();
  const themeLabel = mode === 'dark' ? t('shell:topBar.lightMode') : t('shell:topBar.darkMode');
  const link = (to: string, label: string) => (
    <Button
      component={NavLink}
      to={to}
      color="inherit"
      sx={{ '&.active': { bgcolor: 'action.selected' }, minWidth: 0, px: { xs: 1, sm: 2 } }}
    >
      {label}
    </Button>
  );
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }} data-testid="billing-only-shell">
      <AppBar position="fixed">
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          <BrandLogo size={32} />
          <Box sx={{ display: 'flex', gap: 0.5, ml: { xs: 0.5, sm: 2 }, flex: 1, minWidth: 0 }}>
            {link('/financeiro', t('financeiro:title'))}
            {link('/subscription', t('subscription:title'))}
          </Box>
          <LanguageMenu
            onChange={(lang) => {
              void changeLanguage(lang);
              authApi.setLanguage(lang).catch(() => null);
            }}
            showLabel={false}
          />
          <Tooltip title={themeLabel}>
            <IconButton color="inherit" onClick={toggleMode} aria-label={themeLabel}>
              {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
            </IconButton>
          </Tooltip>
          <Tooltip title={t('shell:topBar.logout')}>
            <IconButton color="inherit" onClick={() => void logout()} aria-label={t('shell:topBar.logout')}>
              <Logout />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1200, mx: 'auto' }}>
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
