import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQueueOptions } from '../hooks/use-pickers.ts';
import type { ConnectionFormValues } from '../model/connection-form.ts';
import { PickerField } from './picker-field.tsx';

const timerFields = ['expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues', 'timeToTransfer'] as const;

/** Rating, ticket expiry and the chatbot timers. */
export function ConnectionAssessmentsTab({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation('connections');
  const { register, formState } = useFormContext<ConnectionFormValues>();
  const queues = useQueueOptions(isOpen);
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <TextField
        {...register('ratingMessage')}
        label={t('fields.ratingMessage')}
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        helperText={formState.errors.ratingMessage?.message ?? t('fields.ratingMessageHint')}
        error={!!formState.errors.ratingMessage}
        slotProps={{ htmlInput: { 'data-testid': 'connection-ratingMessage' } }}
      />
      <Stack sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {timerFields.map((name) => (
          <TextField
            key={name}
            {...register(name)}
            type="number"
            label={t(`fields.${name}`)}
            error={!!formState.errors[name]}
            helperText={formState.errors[name] ? t('fields.invalidNumber') : t(`fields.${name}Hint`)}
            slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric', 'data-testid': `connection-${name}` } }}
          />
        ))}
      </Stack>
      <PickerField
        name="transferQueueId"
        label={t('fields.transferQueueId')}
        options={queues.data}
        emptyHint={t('fields.noQueues')}
      />
    </Stack>
  );
}
