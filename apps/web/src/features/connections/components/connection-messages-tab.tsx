import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionFormValues } from '../model/connection-form.ts';

const messageFields = ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'expiresInactiveMessage'] as const;

/** The texts the connection sends by itself. */
export function ConnectionMessagesTab() {
  const { t } = useTranslation('connections');
  const { register, formState, watch } = useFormContext<ConnectionFormValues>();
  const queueCount = watch('queueIds')?.length ?? 0;
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      {messageFields.map((name) => (
        <TextField
          key={name}
          {...register(name)}
          label={t(`fields.${name}`)}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          // spec: a greeting is required when the connection has more than one queue.
          required={name === 'greetingMessage' && queueCount > 1}
          error={!!formState.errors[name]}
          helperText={formState.errors[name]?.message ?? t(`fields.${name}Hint`)}
          slotProps={{ htmlInput: { 'data-testid': `connection-${name}` } }}
        />
      ))}
      <Typography variant="caption" color="text.secondary">
        {t('fields.messagesNote')}
      </Typography>
    </Stack>
  );
}
