import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { QUICK_MESSAGE_MEDIA_MAX_BYTES } from '@wacrm/shared/quick-messages/quick-message.schema';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface QuickMessageAttachmentProps {
  /** The attachment's name (the stored one or the one chosen), or null for none. */
  name: string | null;
  error: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** Attach or remove the quick message's file; the upload happens when the dialog saves. */
export function QuickMessageAttachment({ name, error, onPick, onRemove }: QuickMessageAttachmentProps) {
  const { t } = useTranslation('quickMessages');
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AttachFileOutlined />}
          onClick={() => input.current?.click()}
          data-testid="quick-message-attach"
        >
          {name ? t('media.replace') : t('media.attach')}
        </Button>
        {name && (
          <Chip
            label={name}
            onDelete={onRemove}
            deleteIcon={<CloseOutlined aria-label={t('media.remove')} data-testid="quick-message-media-remove" />}
            sx={{ maxWidth: '100%' }}
            data-testid="quick-message-media"
          />
        )}
      </Stack>
      <FormHelperText error={!!error}>
        {error ?? t('media.hint', { size: Math.round(QUICK_MESSAGE_MEDIA_MAX_BYTES / 1024 / 1024) })}
      </FormHelperText>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="quick-message-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = '';
        }}
      />
    </div>
  );
}
