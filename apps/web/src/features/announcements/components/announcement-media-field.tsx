import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES } from '@wacrm/shared/announcements/announcement.schema';
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** spec: attachments accept png, jpg, jpeg. The server checks the bytes again. */
const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
const isAcceptedName = (name: string) => /\.(png|jpe?g)$/i.test(name);

interface AnnouncementMediaFieldProps {
  /** The stored image, unless the user removed it in this form. */
  existing: { url: string; name: string } | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  onRemoveExisting: () => void;
}

/** Picks one image with a preview; a wrong type or a file over 2 MB is refused before upload. */
export function AnnouncementMediaField({
  existing,
  file,
  onFileChange,
  onRemoveExisting,
}: AnnouncementMediaFieldProps) {
  const { t } = useTranslation('announcements');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    if (!isAcceptedName(picked.name)) return setError(t('form.media.wrongType'));
    if (picked.size > ANNOUNCEMENT_MEDIA_MAX_BYTES) return setError(t('form.media.tooLarge'));
    setError(null);
    onFileChange(picked);
  };

  const shown = previewUrl ? { url: previewUrl, name: file?.name ?? '' } : existing;
  const handleRemove = () => (file ? onFileChange(null) : onRemoveExisting());

  return (
    <Box>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={handleChange}
        data-testid="announcement-media-input"
      />
      {shown ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box
            component="img"
            src={shown.url}
            alt={shown.name}
            data-testid="announcement-media-preview"
            sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
          <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {shown.name}
          </Typography>
          <Tooltip title={t('form.media.remove')}>
            <IconButton
              onClick={handleRemove}
              aria-label={t('form.media.remove')}
              data-testid="announcement-media-remove"
            >
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </Stack>
      ) : (
        <Button
          variant="outlined"
          startIcon={<AttachFileOutlined />}
          onClick={() => inputRef.current?.click()}
          data-testid="announcement-media-pick"
        >
          {t('form.media.pick')}
        </Button>
      )}
      <FormHelperText error={!!error}>{error ?? t('form.media.hint')}</FormHelperText>
    </Box>
  );
}
