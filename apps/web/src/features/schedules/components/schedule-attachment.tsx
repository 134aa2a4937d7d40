import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { SCHEDULE_MEDIA_ACCEPT } from '@wacrm/shared/schedules/schedule.schema';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ScheduleAttachmentProps {
  name: string | null;
  error: string | null;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** The optional image (png, jpg, jpeg) or pdf; uploaded when the dialog saves. */
export function ScheduleAttachment({ name, error, disabled, onPick, onRemove }: ScheduleAttachmentProps) {
  const { t } = useTranslation('schedules');
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          size="small"
          disabled={disabled}
          startIcon={<AttachFileOutlined />}
          onClick={() => input.current?.click()}
          data-testid="schedule-attach"
        >
          {name ? t('media.replace') : t('media.attach')}
        </Button>
        {name && (
          <Chip
            label={name}
            onDelete={disabled ? undefined : onRemove}
            deleteIcon={<CloseOutlined aria-label={t('media.remove')} data-testid="schedule-media-remove" />}
            sx={{ maxWidth: '100%' }}
            data-testid="schedule-media"
          />
        )}
      </Stack>
      <FormHelperText error={Boolean(error)}>{error ?? t('media.hint')}</FormHelperText>
      <input
        ref={input}
        type="file"
        hidden
        accept={SCHEDULE_MEDIA_ACCEPT}
        data-testid="schedule-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = '';
        }}
      />
    </div>
  );
}
