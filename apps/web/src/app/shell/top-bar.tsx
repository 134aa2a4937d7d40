import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Refresh from '@mui/icons-material/Refresh';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import type { Language } from '@wacrm/shared/common/constants';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/ui/language-menu.tsx';
import { authApi } from '../../features/auth/api/auth-api.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { useColorMode } from '../color-mode.tsx';
import { AccountMenu } from './account-menu.tsx';
import { topBarWidgets } from './top-bar-widgets.ts';
import { UserGreeting } from './user-greeting.tsx';
import { VolumeControl } from './volume-control.tsx';

interface TopBarProps {
  isMenuOpen: boolean;
  onToggleMenu: () => void;
  /** Left offset: the width the side menu takes beside the bar. */
  offset: number;
}

export function TopBar({ isMenuOpen, onToggleMenu, offset }: TopBarProps) {
  const { t } = useTranslation('shell');
  const { mode, toggleMode } = useColorMode();
  const handleLanguage = (lang: Language) => {
    void changeLanguage(lang);
    // The user's language is kept on the server too (emails, notifications); failures are toasted.
    authApi.setLanguage(lang).catch(() => null);
  };
  const themeLabel = mode === 'dark' ? t('topBar.lightMode') : t('topBar.darkMode');

  return (
    <AppBar
      position="fixed"
      sx={{
        width: { sm: `calc(100% - ${offset}px)` },
        ml: { sm: `${offset}px` },
        transition: (theme) =>
          theme.transitions.create(['width', 'margin'], { duration: theme.transitions.duration.shorter }),
      }}
    >
      <Toolbar
        sx={{ gap: { xs: 0, sm: 1 }, px: { xs: 0.5, sm: 2 }, '& .MuiIconButton-root': { px: { xs: 0.75, sm: 1 } } }}
      >
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleMenu}
          aria-label={isMenuOpen ? t('topBar.closeMenu') : t('topBar.openMenu')}
          data-testid="menu-toggle"
          sx={{ ml: { xs: 0, sm: -0.5 } }}
        >
          {isMenuOpen ? <MenuOpen /> : <MenuIcon />}
        </IconButton>
        {/* Phones keep the room for the bar's icons; the account menu shows the user's name there. */}
        <Box sx={{ flex: 1, minWidth: 0, ml: 1, visibility: { xs: 'hidden', sm: 'visible' } }}>
          <UserGreeting />
        </Box>
        <LanguageMenu onChange={handleLanguage} showLabel={false} />
        <Tooltip title={themeLabel}>
          <IconButton color="inherit" onClick={toggleMode} aria-label={themeLabel} data-testid="theme-toggle">
            {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
          </IconButton>
        </Tooltip>
        <VolumeControl />
        <Tooltip title={t('topBar.refresh')}>
          <IconButton color="inherit" onClick={() => window.location.reload()} aria-label={t('topBar.refresh')}>
            <Refresh />
          </IconButton>
        </Tooltip>
        {topBarWidgets.map((Widget, index) => (
          // The list is static for the app's lifetime, so the index is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: static list
          <Widget key={index} />
        ))}
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
