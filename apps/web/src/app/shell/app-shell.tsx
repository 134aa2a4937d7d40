import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';
import { SubscriptionBanner } from '../../features/subscription/components/subscription-banner.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

export const DRAWER_WIDTH = 264;
export const MINI_DRAWER_WIDTH = 72;

/** spec: the drawer starts open only when the page is wider than 1200 px. */
const startsOpen = () => document.body.clientWidth > 1200;

/** Side menu + top bar around the current page. Under 600 px the menu is an overlay. */
export function AppShell({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [isOpen, setIsOpen] = useState(startsOpen);
  const [isPhoneMenuOpen, setIsPhoneMenuOpen] = useState(false);
  const width = isOpen ? DRAWER_WIDTH : MINI_DRAWER_WIDTH;

  const handleToggle = () => (isPhone ? setIsPhoneMenuOpen((open) => !open) : setIsOpen((open) => !open));
  const closePhoneMenu = () => setIsPhoneMenuOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <TopBar
        isMenuOpen={isPhone ? isPhoneMenuOpen : isOpen}
        onToggleMenu={handleToggle}
        offset={isPhone ? 0 : width}
      />
      {isPhone ? (
        <Drawer
          variant="temporary"
          open={isPhoneMenuOpen}
          onClose={closePhoneMenu}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
        >
          <SideMenu isExpanded onRequestExpand={() => {}} onNavigate={closePhoneMenu} />
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          open={isOpen}
          sx={{ width, flexShrink: 0 }}
          slotProps={{
            paper: {
              sx: {
                width,
                overflowX: 'hidden',
                transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
              },
            },
          }}
        >
          <SideMenu isExpanded={isOpen} onRequestExpand={() => setIsOpen(true)} />
        </Drawer>
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <SubscriptionBanner />
        {children}
      </Box>
    </Box>
  );
}
