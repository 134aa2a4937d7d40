import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageTranslations } from '../../../ai-assist/index.ts';
import { canEditMessage } from '../model/message-actions.ts';

interface MessageMenuProps {
  message: MessageRecord;
  /** The session's user: only their own messages can be edited. */
  userId: number;
  onReply: (message: MessageRecord) => void;
  /** Missing for a message that takes no reaction (a call record). */
  onReact?: () => void;
  onEdit: (message: MessageRecord) => void;
  onDelete: (message: MessageRecord) => void;
}

/** The bubble's options: reply, react, edit (own text, within WhatsApp's window) and delete (own). */
export function MessageMenu({ message, userId, onReply, onReact, onEdit, onDelete }: MessageMenuProps) {
  const { t } = useTranslation('conversation');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const translations = useMessageTranslations();
  // The AI assist translates a customer's text into the attendant's language, beside the original;
  // over budget or without a key the entry stays, disabled, and says why under its name.
  const offersTranslate = Boolean(translations?.isTranslateOn && !message.fromMe && message.body.trim());
  const translateOffReason = translations?.translateOffReason ?? null;
  // Checked as the menu opens: past the 15 minutes the Edit item is simply not there.
  const [canEdit, setCanEdit] = useState(false);
  const close = () => setAnchor(null);
  const choose = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <>
      <IconButton
        size="small"
        className="bubble-menu"
        aria-label={t('thread.messageMenu')}
        data-testid="message-menu"
        onClick={(event) => {
          setCanEdit(canEditMessage(message, userId, new Date()));
          setAnchor(event.currentTarget);
        }}
        sx={{
          position: 'absolute',
          top: 0,
          right: 0,
          p: 0.25,
          opacity: anchor ? 1 : 0,
          '&:focus-visible': { opacity: 1 },
        }}
      >
        <ExpandMoreIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem data-testid="message-reply" onClick={choose(() => onReply(message))}>
          {t('thread.reply')}
        </MenuItem>
        {onReact && (
          <MenuItem data-testid="message-react" onClick={choose(onReact)}>
            {t('reactions.react')}
          </MenuItem>
        )}
        {offersTranslate && (
          <MenuItem
            data-testid="message-translate"
            disabled={translateOffReason !== null}
            onClick={choose(() => translations?.translate(message.id))}
          >
            <ListItemText
              secondary={translateOffReason}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 260 } } }}
            >
              {t('thread.translate')}
            </ListItemText>
          </MenuItem>
        )}
        {canEdit && (
          <MenuItem data-testid="message-edit" onClick={choose(() => onEdit(message))}>
            {t('thread.edit')}
          </MenuItem>
        )}
        {message.fromMe && (
          <MenuItem data-testid="message-delete" onClick={choose(() => onDelete(message))}>
            {t('thread.delete')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
