import CloseOutlined from '@mui/icons-material/CloseOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGE_MAX_LENGTH } from '@wacrm/shared/chats/chat.schema';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';

interface ChatComposerProps {
  /** The message being edited: its text fills the box and Enter saves it. */
  editing: { id: number; message: string } | null;
  onCancelEdit: () => void;
  onSubmit: (text: string) => Promise<boolean>;
}

/** spec: Enter sends a non-blank message; Shift+Enter starts a new line. */
export function ChatComposer({ editing, onCancelEdit, onSubmit }: ChatComposerProps) {
  const { t, i18n } = useTranslation('chats');
  const [text, setText] = useState('');
  const [isBusy, setBusy] = useState(false);
  const input = useRef<HTMLTextAreaElement | null>(null);
  const isTooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;

  useEffect(() => {
    setText(editing?.message ?? '');
    if (editing) input.current?.focus();
  }, [editing]);

  const submit = async () => {
    if (!text.trim() || isTooLong || isBusy) return;
    setBusy(true);
    const isDone = await onSubmit(text);
    setBusy(false);
    if (isDone) setText('');
    input.current?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && editing) {
      onCancelEdit();
    }
  };

  return (
    <Stack sx={{ borderTop: 1, borderColor: 'divider', px: 1.5, py: 1 }}>
      {editing && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" color="primary" sx={{ flex: 1 }}>
            {t('composer.editing')}
          </Typography>
          <IconButton size="small" onClick={onCancelEdit} aria-label={t('composer.cancelEdit')}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Stack>
      )}
      {isTooLong && (
        <Typography variant="caption" color="error" data-testid="chat-composer-too-long">
          {t('composer.tooLong', { max: formatNumber(CHAT_MESSAGE_MAX_LENGTH, i18n.language) })}
        </Typography>
      )}
      <Stack direction="row" sx={{ alignItems: 'flex-end', gap: 1 }}>
        <InputBase
          inputRef={input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={t('composer.placeholder')}
          multiline
          maxRows={6}
          fullWidth
          sx={{ px: 1.5, py: 1, borderRadius: 2, bgcolor: 'action.hover' }}
          inputProps={{ 'aria-label': t('composer.placeholder'), 'data-testid': 'chat-composer' }}
        />
        <Tooltip title={t('composer.hint')}>
          <span>
            <IconButton
              color="primary"
              onClick={() => void submit()}
              disabled={!text.trim() || isTooLong || isBusy}
              aria-label={editing ? t('composer.save') : t('composer.send')}
              data-testid="chat-send"
            >
              <SendOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
