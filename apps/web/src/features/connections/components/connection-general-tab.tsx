import AutorenewIcon from '@mui/icons-material/Autorenew';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQueuePickerOptions } from '../../../lib/lookups/use-lookups.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import { useSandboxEnabled } from '../hooks/use-pickers.ts';
import { type ConnectionFormValues, generateToken } from '../model/connection-form.ts';
import { CloudApiFields, type CloudWebhookDetails } from './cloud-api-fields.tsx';

interface ConnectionGeneralTabProps {
  isEditing: boolean;
  isOpen: boolean;
  /** A saved Cloud API connection's webhook details, shown under its credentials. */
  cloudWebhook: CloudWebhookDetails | null;
}

export function ConnectionGeneralTab({ isEditing, isOpen, cloudWebhook }: ConnectionGeneralTabProps) {
  const { t } = useTranslation('connections');
  const { register, control, setValue, formState } = useFormContext<ConnectionFormValues>();
  const provider = useWatch({ control, name: 'provider' });
  const { errors } = formState;
  const queues = useQueuePickerOptions(isOpen);
  const sandbox = useSandboxEnabled();
  const queueList = queues.data ?? [];

  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          {...register('name')}
          label={t('fields.name')}
          required
          autoFocus
          fullWidth
          error={!!errors.name}
          helperText={translateValidation(errors.name?.message)}
          slotProps={{ htmlInput: { 'data-testid': 'connection-name', maxLength: 50 } }}
        />
        <Controller
          name="provider"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label={t('fields.provider')}
              value={field.value}
              onChange={field.onChange}
              // The adapter of a paired connection cannot change under it.
              disabled={isEditing}
              sx={{ minWidth: { sm: 220 } }}
              error={!!errors.provider}
              helperText={
                translateValidation(errors.provider?.message) ??
                (field.value === 'sandbox'
                  ? t('fields.sandboxHint')
                  : field.value === 'cloudapi'
                    ? t('fields.cloudApiHint')
                    : ' ')
              }
              slotProps={{ htmlInput: { 'data-testid': 'connection-provider' } }}
            >
              <MenuItem value="baileys">{t('provider.baileys')}</MenuItem>
              <MenuItem value="cloudapi" data-testid="connection-provider-cloudapi">
                {t('provider.cloudapi')}
              </MenuItem>
              {(sandbox.data || field.value === 'sandbox') && (
                <MenuItem value="sandbox" data-testid="connection-provider-sandbox">
                  {t('provider.sandbox')}
                </MenuItem>
              )}
            </TextField>
          )}
        />
      </Stack>
      {provider === 'cloudapi' && <CloudApiFields webhook={cloudWebhook} />}
      <Controller
        name="isDefault"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            label={t('fields.isDefault')}
            control={
              <Switch
                checked={!!field.value}
                onChange={(_event, checked) => field.onChange(checked)}
                slotProps={{ input: { 'data-testid': 'connection-default' } as object }}
              />
            }
          />
        )}
      />
      {/* A Controller, not register: the generate button sets the value from outside the input,
          and only a controlled value makes the label shrink above it. */}
      <Controller
        name="token"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            value={field.value ?? ''}
            label={t('fields.token')}
            fullWidth
            error={!!errors.token}
            helperText={translateValidation(errors.token?.message) ?? t('fields.tokenHint')}
            slotProps={{
              htmlInput: { 'data-testid': 'connection-token', maxLength: 100, spellCheck: false },
              input: {
                sx: { fontFamily: 'monospace' },
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t('fields.generateToken')}>
                      <IconButton
                        aria-label={t('fields.generateToken')}
                        onClick={() => setValue('token', generateToken(), { shouldDirty: true })}
                        edge="end"
                        data-testid="connection-token-generate"
                      >
                        <AutorenewIcon />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
      <Controller
        name="queueIds"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={t('fields.queues')}
            value={field.value ?? []}
            onChange={(event) => field.onChange((event.target.value as unknown as number[]).map(Number))}
            disabled={queueList.length === 0}
            error={!!errors.queueIds}
            helperText={
              translateValidation(errors.queueIds?.message) ??
              (queues.isSuccess && queueList.length === 0 ? t('fields.noQueues') : ' ')
            }
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) => (
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {(selected as number[]).map((id) => {
                      const queue = queueList.find((item) => item.id === id);
                      return (
                        <Chip
                          key={id}
                          size="small"
                          label={queue?.name ?? `#${id}`}
                          sx={{ bgcolor: queue?.color, color: queue?.color ? '#fff' : undefined }}
                        />
                      );
                    })}
                  </Stack>
                ),
              },
              htmlInput: { 'data-testid': 'connection-queues' },
            }}
          >
            {queueList.map((queue) => (
              <MenuItem key={queue.id} value={queue.id}>
                <Checkbox size="small" checked={(field.value ?? []).includes(queue.id)} />
                <ListItemText primary={queue.name} />
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {queues.isError && (
        <Typography variant="body2" color="error">
          {t('fields.queuesError')}
        </Typography>
      )}
    </Stack>
  );
}
