import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { type ReactElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One of the header's ticket actions, as a button or as an item of this menu. */
export interface ActionSpec {
  key: string;
  label: string;
  icon: ReactElement;
  onClick: () => void;
  isPrimary?: boolean;
  color?: 'error';
  /** An icon on every width: rare actions must not crowd the state's buttons. */
  isIconOnly?: boolean;
  /** Why the action cannot be used now; set, it shows disabled with this sentence. */
  offReason?: string;
}

interface HeaderMoreMenuProps {
  actions: ActionSpec[];
  isDisabled: (action: ActionSpec) => boolean;
  /** More items after the actions (the priorities on a phone); `close` closes the menu. */
  extraItems?: (close: () => void) => ReactNode;
}

/** The "⋮" of the conversation header on narrow screens: the ticket's secondary actions, labelled. */
export function HeaderMoreMenu({ actions, isDisabled, extraItems }: HeaderMoreMenuProps) {
  const { t } = useTranslation('conversation');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0 && !extraItems) return null;
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t('header.more')}>
        <IconButton
          aria-label={t('header.more')}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="ticket-more"
        >
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        {actions.map((action) => (
          <MenuItem
            key={action.key}
            disabled={isDisabled(action)}
            onClick={() => {
              close();
              action.onClick();
            }}
            data-testid={`ticket-${action.key}`}
            sx={action.color ? { color: `${action.color}.main` } : undefined}
          >
            <ListItemIcon sx={action.color ? { color: `${action.color}.main` } : undefined}>{action.icon}</ListItemIcon>
            <ListItemText
              secondary={action.offReason}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 260 } } }}
            >
              {action.label}
            </ListItemText>
          </MenuItem>
        ))}
        {extraItems?.(close)}
      </Menu>
    </>
  );
}
