import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canCustomerEdit } from '../model/customer-actions.ts';
import type { SandboxMessage } from '../model/sandbox-chat.ts';

interface ChatBubbleMenuProps {
  message: SandboxMessage;
  onReact: () => void;
  onEdit: (message: SandboxMessage) => void;
  onRevoke: (message: SandboxMessage) => void;
}

/** What the customer can do to a line, as on their phone: react to any, edit or delete their own. */
export function ChatBubbleMenu({ message, onReact, onEdit, onRevoke }: ChatBubbleMenuProps) {
  const { t } = useTranslation('sandbox');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isMine = message.direction === 'in';
  const choose = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        size="small"
        className="bubble-reply"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('chat.actions')}
        sx={{ opacity: { xs: 1, md: 0.35 }, transition: 'opacity .15s' }}
        data-testid="sandbox-message-menu"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose(onReact)} data-testid="sandbox-react">
          {t('chat.react')}
        </MenuItem>
        {canCustomerEdit(message) && (
          <MenuItem onClick={choose(() => onEdit(message))} data-testid="sandbox-edit">
            {t('chat.edit')}
          </MenuItem>
        )}
        {isMine && (
          <MenuItem onClick={choose(() => onRevoke(message))} data-testid="sandbox-revoke">
            {t('chat.revoke')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
