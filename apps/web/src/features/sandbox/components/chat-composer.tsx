import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import type { OutgoingMessage } from '../hooks/use-sandbox-chat.ts';
import type { SandboxMessage } from '../model/sandbox-chat.ts';

/** The server takes up to 24 MB of JSON; base64 grows a file by a third. */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** Images up to this size keep a preview in the chat (stored in this browser). */
const MAX_PREVIEW_BYTES = 300 * 1024;

interface ChatComposerProps {
  replyTo: SandboxMessage | null;
  isDisabled: boolean;
  onCancelReply: () => void;
  onSend: (message: OutgoingMessage) => Promise<void>;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Text, one file and an optional quoted message, sent as the selected customer. */
export function ChatComposer({ replyTo, isDisabled, onCancelReply, onSend }: ChatComposerProps) {
  const { t } = useTranslation('sandbox');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [isSending, setIsSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const canSend = !isDisabled && !isSending && (text.trim().length > 0 || file !== null);

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (chosen && chosen.size > MAX_FILE_BYTES) {
      toast.error(t('chat.fileTooLarge'));
      return;
    }
    setFile(chosen);
  };

  const handleSend = async () => {
    if (!canSend) return;
    setIsSending(true);
    try {
      let media: OutgoingMessage['media'];
      if (file) {
        const dataUrl = await readAsDataUrl(file);
        const isPreviewable = file.type.startsWith('image/') && file.size <= MAX_PREVIEW_BYTES;
        media = {
          filename: file.name,
          mimetype: file.type || 'application/octet-stream',
          base64: dataUrl.slice(dataUrl.indexOf(',') + 1),
          previewUrl: isPreviewable ? dataUrl : null,
        };
      }
      await onSend({ body: text.trim(), media, quotedId: replyTo?.id });
      setText('');
      setFile(null);
    } catch {
      // The http client has toasted the failure; the text stays for another try.
    } finally {
      setIsSending(false);
    }
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void handleSend();
    }
  };

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1 }}>
      {replyTo && (
        <Stack
          direction="row"
          spacing={1}
          sx={{
            alignItems: 'center',
            borderLeft: 3,
            borderColor: 'primary.main',
            bgcolor: 'action.hover',
            px: 1,
            py: 0.5,
            mb: 1,
            borderRadius: 1,
          }}
          data-testid="sandbox-reply-preview"
        >
          <Typography variant="caption" sx={{ flex: 1 }} noWrap>
            <strong>{replyTo.direction === 'in' ? t('chat.you') : t('chat.company')}:</strong>{' '}
            {replyTo.body || replyTo.media?.filename}
          </Typography>
          <IconButton size="small" onClick={onCancelReply} aria-label={t('chat.cancelReply')}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      )}
      {file && (
        <Chip
          label={file.name}
          onDelete={() => setFile(null)}
          icon={<AttachFileIcon />}
          sx={{ mb: 1, maxWidth: '100%' }}
          data-testid="sandbox-file-chip"
        />
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <input ref={fileInput} type="file" hidden onChange={handleFile} data-testid="sandbox-file-input" />
        <Tooltip title={t('chat.attach')}>
          <span>
            <IconButton onClick={() => fileInput.current?.click()} disabled={isDisabled} aria-label={t('chat.attach')}>
              <AttachFileIcon />
            </IconButton>
          </span>
        </Tooltip>
        <TextField
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={isDisabled ? t('chat.disabled') : t('chat.placeholder')}
          disabled={isDisabled}
          multiline
          maxRows={5}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { 'aria-label': t('chat.placeholder'), 'data-testid': 'sandbox-composer' } }}
        />
        <Tooltip title={t('chat.send')}>
          <span>
            <IconButton
              color="primary"
              onClick={() => void handleSend()}
              disabled={!canSend}
              aria-label={t('chat.send')}
              data-testid="sandbox-send"
            >
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Box>
  );
}
