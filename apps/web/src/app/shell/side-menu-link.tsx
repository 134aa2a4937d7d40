import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Badge from '@mui/material/Badge';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { menuIcons } from './menu-icons.tsx';

interface SideMenuLinkProps {
  menuKey: string;
  path: string;
  isExpanded: boolean;
  hasWarning?: boolean;
  isNested?: boolean;
  onNavigate?: () => void;
}

export function SideMenuLink({ menuKey, path, isExpanded, hasWarning, isNested, onNavigate }: SideMenuLinkProps) {
  const { t } = useTranslation('shell');
  const Icon = menuIcons[menuKey];
  const label = t(`menu.${menuKey}`);
  let icon: ReactNode = Icon ? <Icon fontSize="small" /> : null;
  if (hasWarning) {
    icon = (
      <Badge
        overlap="circular"
        badgeContent={<WarningAmberRounded sx={{ fontSize: 14 }} />}
        color="warning"
        data-testid="connections-warning"
        title={t('menu.connectionsWarning')}
        sx={{ '& .MuiBadge-badge': { p: 0, minWidth: 18, height: 18 } }}
      >
        {icon}
      </Badge>
    );
  }
  return (
    <Tooltip title={isExpanded ? '' : label} placement="right">
      <ListItemButton
        component={NavLink}
        to={path}
        end={path === '/'}
        onClick={onNavigate}
        data-testid={`menu-${menuKey}`}
        sx={{ pl: isNested && isExpanded ? 3.5 : 2, minHeight: 42, justifyContent: isExpanded ? 'initial' : 'center' }}
      >
        <ListItemIcon sx={{ minWidth: isExpanded ? 40 : 'auto', color: 'text.secondary' }}>{icon}</ListItemIcon>
        {isExpanded && <ListItemText primary={label} slotProps={{ primary: { noWrap: true, sx: { fontSize: 14 } } }} />}
      </ListItemButton>
    </Tooltip>
  );
}
