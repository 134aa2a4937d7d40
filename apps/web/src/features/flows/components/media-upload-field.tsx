import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FlowMediaKind, flowMediaKinds } from '@wacrm/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowsApi } from '../api/flows-api.ts';

/** Picks and uploads one file of a kind (size checked here, type checked from the bytes by the server). */
export function MediaUploadField(props: {
  kind: FlowMediaKind;
  value: string;
  onChange: (path: string) => void;
  error?: string;
}) {
  const { kind, value, onChange, error } = props;
  const { t } = useTranslation('flows');
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const limits = flowMediaKinds[kind];

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > limits.maxBytes) {
      setProblem(t('validation.fileTooLarge', { mb: limits.maxBytes / 1024 / 1024 }));
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      onChange((await flowsApi.upload(kind, file)).name);
    } catch {
      // The http client toasted the coded error (415: wrong type, 413: too large).
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AttachFileOutlined />}
          loading={isUploading}
          onClick={() => input.current?.click()}
        >
          {t(`media.pick.${kind}`)}
        </Button>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
          {value ? value.split('/').pop() : t('media.none')}
        </Typography>
      </Stack>
      <Typography variant="caption" color={problem || error ? 'error' : 'text.secondary'}>
        {problem ?? (error ? t('validation.fileRequired') : t(`media.hint.${kind}`))}
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        accept={limits.accept}
        data-testid={`media-input-${kind}`}
        onChange={(event) => {
          void handleFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </Stack>
  );
}
