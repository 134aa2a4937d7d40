import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionFormValues } from '../model/connection-form.ts';

/** The question that asks the customer to rate the service when a ticket is resolved. */
export function ConnectionAssessmentsTab() {
  const { t } = useTranslation('connections');
  const { register, formState } = useFormContext<ConnectionFormValues>();
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <Alert severity="info" variant="outlined">
        {t('fields.ratingNote')}
      </Alert>
      <TextField
        {...register('ratingMessage')}
        label={t('fields.ratingMessage')}
        multiline
        minRows={3}
        maxRows={8}
        fullWidth
        helperText={formState.errors.ratingMessage?.message ?? t('fields.ratingMessageHint')}
        error={!!formState.errors.ratingMessage}
        slotProps={{ htmlInput: { 'data-testid': 'connection-ratingMessage' } }}
      />
    </Stack>
  );
}
