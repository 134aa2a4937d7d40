import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { queueColorPalette } from '@wacrm/shared/queues/queue.schema';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColorPickerField } from '../../../components/ui/color-picker-field.tsx';
import { type QueueFormValues, queueMessageFields, translateQueueValidation } from '../model/queue-form.ts';
import { QueueBotPickers } from './queue-bot-pickers.tsx';

/** Name, colour, order and the four texts the queue sends. */
export function QueueDataTab() {
  const { t } = useTranslation('queues');
  const { register, control, formState } = useFormContext<QueueFormValues>();
  const { errors } = formState;
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...register('name')}
          label={t('fields.name')}
          required
          fullWidth
          autoFocus
          error={!!errors.name}
          helperText={translateQueueValidation(errors.name?.message)}
          slotProps={{ htmlInput: { 'data-testid': 'queue-name', maxLength: 50 } }}
        />
        <TextField
          {...register('orderQueue', {
            setValueAs: (value) => (value === '' || value === null ? null : Number(value)),
          })}
          label={t('fields.orderQueue')}
          type="number"
          sx={{ width: { sm: 160 } }}
          error={!!errors.orderQueue}
          helperText={errors.orderQueue ? t('validation.order') : t('fields.orderQueueHint')}
          slotProps={{ htmlInput: { 'data-testid': 'queue-order', min: 0, max: 9999, step: 1 } }}
        />
      </Stack>
      <Controller
        control={control}
        name="color"
        render={({ field, fieldState }) => (
          <ColorPickerField
            label={t('fields.color')}
            required
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            palette={queueColorPalette}
            paletteLabel={(color) => t('fields.colorSwatch', { color })}
            errorText={translateQueueValidation(fieldState.error?.message)}
            helperText={t('fields.colorHint')}
            testId="queue-color"
          />
        )}
      />
      <QueueBotPickers />
      {queueMessageFields.map((name) => (
        <TextField
          key={name}
          {...register(name)}
          label={t(`fields.${name}`)}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          error={!!errors[name]}
          helperText={translateQueueValidation(errors[name]?.message) ?? t(`fields.${name}Hint`)}
          slotProps={{ htmlInput: { 'data-testid': `queue-${name}` } }}
        />
      ))}
    </Stack>
  );
}
