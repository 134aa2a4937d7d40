import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { APP_VERSION } from '@wacrm/shared/common/constants';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/ui/brand-logo.tsx';
import { useSessionUser } from '../../features/auth/hooks/use-auth.ts';
import { useConnectionsWarning } from '../../features/connections/hooks/use-connections-warning.ts';
import { isMenuGroup, visibleMenu } from './menu-model.ts';
import { SideMenuGroup } from './side-menu-group.tsx';
import { SideMenuLink } from './side-menu-link.tsx';
import { useMenuContext } from './use-menu-context.ts';

interface SideMenuProps {
  isExpanded: boolean;
  onRequestExpand: () => void;
  /** Called after a link is followed (the phone drawer closes itself). */
  onNavigate?: () => void;
}

export function SideMenu({ isExpanded, onRequestExpand, onNavigate }: SideMenuProps) {
  const { t } = useTranslation('shell');
  const user = useSessionUser();
  const context = useMenuContext();
  const hasConnectionWarning = useConnectionsWarning(user.companyId, context.isAdmin);
  const sections = visibleMenu(context);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} component="nav" data-testid="side-menu">
      <Box
        sx={{
          height: 64,
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: isExpanded ? 2.5 : 0,
          justifyContent: isExpanded ? 'flex-start' : 'center',
        }}
      >
        <BrandLogo size={34} />
        {isExpanded && (
          <Typography variant="h6" noWrap sx={{ fontWeight: 700 }}>
            {t('common:appName')}
          </Typography>
        )}
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}>
        {sections.map((section, index) => (
          <Fragment key={section.key}>
            {index > 0 && !isExpanded && <Divider sx={{ my: 1, mx: 2 }} />}
            <List
              disablePadding
              subheader={
                index > 0 && isExpanded ? (
                  <ListSubheader
                    disableSticky
                    sx={{
                      bgcolor: 'transparent',
                      lineHeight: '36px',
                      mt: 1,
                      fontSize: 11,
                      letterSpacing: 1,
                      textTransform: 'uppercase',
                    }}
                  >
                    {t(`menu.${section.key}`)}
                  </ListSubheader>
                ) : undefined
              }
            >
              {section.entries.map((entry) =>
                isMenuGroup(entry) ? (
                  <SideMenuGroup
                    key={entry.key}
                    group={entry}
                    isExpanded={isExpanded}
                    onRequestExpand={onRequestExpand}
                    onNavigate={onNavigate}
                  />
                ) : (
                  <SideMenuLink
                    key={entry.key}
                    menuKey={entry.key}
                    path={entry.path}
                    isExpanded={isExpanded}
                    hasWarning={entry.key === 'connections' && hasConnectionWarning}
                    onNavigate={onNavigate}
                  />
                ),
              )}
            </List>
          </Fragment>
        ))}
      </Box>
      {isExpanded && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider' }}
          data-testid="app-version"
        >
          {t('menu.version', { version: APP_VERSION })}
        </Typography>
      )}
    </Box>
  );
}
