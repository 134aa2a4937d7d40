import InstallMobileOutlined from '@mui/icons-material/InstallMobileOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed, OnceOpened } from '../../components/ui/lazy-dialog.tsx';
import { useAuth, useSessionUser } from '../../features/auth/hooks/use-auth.ts';
import { appUpdates, promptInstall } from '../../lib/service-worker.ts';

// The profile form (react-hook-form, zod and the shared schema) loads when first opened.
const ProfileDialog = lazyNamed(() =>
  import('../../features/auth/components/profile-dialog.tsx').then((module) => module.ProfileDialog),
);
const PushSettings = lazyNamed(() =>
  import('../../features/push/components/push-settings.tsx').then((module) => module.PushSettings),
);

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

/** The avatar button: profile (own name and password, push devices), installing the app, and logout. */
export function AccountMenu() {
  const { t } = useTranslation('shell');
  const user = useSessionUser();
  const { logout } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isProfileOpen, setIsProfileOpen] = useState(false);
  const { canInstall } = useSyncExternalStore(appUpdates.subscribe, appUpdates.getSnapshot);

  const handleProfile = () => {
    setAnchor(null);
    setIsProfileOpen(true);
  };
  const handleInstall = () => {
    setAnchor(null);
    void promptInstall();
  };
  const handleLogout = () => {
    setAnchor(null);
    void logout();
  };

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('topBar.account')}
        data-testid="account-menu"
      >
        <Avatar sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          {initialsOf(user.name)}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 0.5 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2" noWrap>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem onClick={handleProfile} data-testid="menu-profile">
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          {t('topBar.profile')}
        </MenuItem>
        {canInstall && (
          <MenuItem onClick={handleInstall} data-testid="menu-install">
            <ListItemIcon>
              <InstallMobileOutlined fontSize="small" />
            </ListItemIcon>
            {t('topBar.install')}
          </MenuItem>
        )}
        <MenuItem onClick={handleLogout} data-testid="menu-logout">
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('topBar.logout')}
        </MenuItem>
      </Menu>
      <OnceOpened open={isProfileOpen}>
        <ProfileDialog
          open={isProfileOpen}
          onClose={() => setIsProfileOpen(false)}
          extraSection={<PushSettings userId={user.id} />}
        />
      </OnceOpened>
    </>
  );
}
