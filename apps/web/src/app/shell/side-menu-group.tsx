import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { menuIcons } from './menu-icons.tsx';
import type { MenuGroup } from './menu-model.ts';
import { SideMenuLink } from './side-menu-link.tsx';

interface SideMenuGroupProps {
  group: MenuGroup;
  isExpanded: boolean;
  onRequestExpand: () => void;
  onNavigate?: () => void;
}

/** A collapsible submenu; it opens by itself when the current page belongs to it. */
export function SideMenuGroup({ group, isExpanded, onRequestExpand, onNavigate }: SideMenuGroupProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const containsCurrent = group.children.some((child) => pathname.startsWith(child.path));
  const [isOpen, setIsOpen] = useState(containsCurrent);
  const Icon = menuIcons[group.key];
  const label = t(`menu.${group.key}`);

  const handleClick = () => {
    // A click on the collapsed drawer widens it first, so the children have room for their names.
    if (!isExpanded) {
      onRequestExpand();
      setIsOpen(true);
      return;
    }
    setIsOpen((open) => !open);
  };

  return (
    <>
      <Tooltip title={isExpanded ? '' : label} placement="right">
        <ListItemButton
          onClick={handleClick}
          data-testid={`menu-${group.key}`}
          aria-expanded={isOpen}
          sx={{ minHeight: 42, pl: 2, justifyContent: isExpanded ? 'initial' : 'center' }}
        >
          <ListItemIcon
            sx={{ minWidth: isExpanded ? 40 : 'auto', color: containsCurrent ? 'primary.main' : 'text.secondary' }}
          >
            {Icon && <Icon fontSize="small" />}
          </ListItemIcon>
          {isExpanded && (
            <>
              <ListItemText primary={label} slotProps={{ primary: { noWrap: true, sx: { fontSize: 14 } } }} />
              {isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </>
          )}
        </ListItemButton>
      </Tooltip>
      <Collapse in={isOpen && isExpanded} unmountOnExit>
        <List disablePadding>
          {group.children.map((child) => (
            <SideMenuLink
              key={child.key}
              menuKey={child.key}
              path={child.path}
              isExpanded={isExpanded}
              isNested
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Collapse>
    </>
  );
}
