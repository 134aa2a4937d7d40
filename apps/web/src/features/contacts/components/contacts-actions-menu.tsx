import MoreVertIcon from '@mui/icons-material/MoreVert';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type SvgIcon from '@mui/material/SvgIcon';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One secondary action of the contacts page; `key` also names its test id (`contacts-<key>`). */
export interface ContactsAction {
  key: string;
  label: string;
  Icon: typeof SvgIcon;
  onClick: () => void;
  isBusy?: boolean;
  isDisabled?: boolean;
  /** Destructive: shown in the error colour, after a divider. */
  isDanger?: boolean;
}

/** The "⋮" menu that holds the secondary actions on narrow screens. */
export function ContactsActionsMenu({ actions }: { actions: ContactsAction[] }) {
  const { t } = useTranslation('contacts');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isOpen = anchor !== null;
  return (
    <>
      <IconButton
        aria-label={t('actions.more')}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? 'contacts-actions-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="contacts-more"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        id="contacts-actions-menu"
        anchorEl={anchor}
        open={isOpen}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {actions.map(({ key, label, Icon, onClick, isBusy, isDisabled, isDanger }) => (
          <Fragment key={key}>
            {isDanger && <Divider />}
            <MenuItem
              disabled={isDisabled || isBusy}
              onClick={() => {
                setAnchor(null);
                onClick();
              }}
              sx={isDanger ? { color: 'error.main' } : undefined}
              data-testid={`contacts-${key}`}
            >
              <ListItemIcon sx={isDanger ? { color: 'error.main' } : undefined}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{label}</ListItemText>
            </MenuItem>
          </Fragment>
        ))}
      </Menu>
    </>
  );
}
