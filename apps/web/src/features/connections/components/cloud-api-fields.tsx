import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import type { ConnectionFormValues } from '../model/connection-form.ts';

/** What Meta's app dashboard asks for to send this connection's notifications here. */
export interface CloudWebhookDetails {
  url: string;
  verifyToken: string;
}

/** The Meta ids and secrets of a Cloud API connection (docs/cloud-api.md). */
export function CloudApiFields({ webhook }: { webhook: CloudWebhookDetails | null }) {
  const { t } = useTranslation('connections');
  const { register, formState } = useFormContext<ConnectionFormValues>();
  const { errors } = formState;
  const field = (name: 'cloudPhoneNumberId' | 'cloudWabaId' | 'cloudAccessToken' | 'cloudAppSecret') => ({
    ...register(name),
    label: t(`cloud.${name}`),
    required: true,
    fullWidth: true,
    error: !!errors[name],
    helperText: translateValidation(errors[name]?.message) ?? t(`cloud.${name}Hint`),
  });

  return (
    <Stack spacing={2} data-testid="connection-cloud-fields">
      <Alert severity="info" variant="outlined">
        {t('cloud.intro')}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...field('cloudPhoneNumberId')}
          slotProps={{ htmlInput: { 'data-testid': 'connection-cloud-phone-number-id', inputMode: 'numeric' } }}
        />
        <TextField
          {...field('cloudWabaId')}
          slotProps={{ htmlInput: { 'data-testid': 'connection-cloud-waba-id', inputMode: 'numeric' } }}
        />
      </Stack>
      <TextField
        {...field('cloudAccessToken')}
        type="password"
        autoComplete="off"
        slotProps={{ htmlInput: { 'data-testid': 'connection-cloud-access-token', spellCheck: false } }}
      />
      <TextField
        {...field('cloudAppSecret')}
        type="password"
        autoComplete="off"
        slotProps={{ htmlInput: { 'data-testid': 'connection-cloud-app-secret', spellCheck: false } }}
      />
      {webhook ? <CloudWebhookPanel webhook={webhook} /> : null}
    </Stack>
  );
}

/** The callback URL and verify token, each with a copy button, to paste into Meta's dashboard. */
export function CloudWebhookPanel({ webhook }: { webhook: CloudWebhookDetails }) {
  const { t } = useTranslation('connections');
  const copyable = (label: string, value: string, testId: string) => (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': testId, spellCheck: false },
        input: {
          sx: { fontFamily: 'monospace', fontSize: 14 },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('cloud.copy')}>
                <IconButton
                  aria-label={`${t('cloud.copy')}: ${label}`}
                  edge="end"
                  onClick={() =>
                    void navigator.clipboard?.writeText(value).then(() => toast.success(t('cloud.copied')))
                  }
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
  return (
    <Stack spacing={1.5} data-testid="connection-cloud-webhook">
      <Typography variant="subtitle2">{t('cloud.webhookTitle')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('cloud.webhookHint')}
      </Typography>
      {copyable(t('cloud.webhookUrl'), webhook.url, 'connection-cloud-webhook-url')}
      {copyable(t('cloud.verifyToken'), webhook.verifyToken, 'connection-cloud-verify-token')}
    </Stack>
  );
}
