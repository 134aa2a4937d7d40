import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBotPickerOptions } from '../../integrations/index.ts';
import type { QueueFormValues } from '../model/queue-form.ts';

/** The AI prompt or the integration that answers this queue's tickets before an attendant. */
export function QueueBotPickers() {
  const { t } = useTranslation('queues');
  const { control } = useFormContext<QueueFormValues>();
  const options = useBotPickerOptions();
  const pickers = [
    { name: 'promptId' as const, list: options.prompts },
    { name: 'integrationId' as const, list: options.integrations },
  ];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {pickers.map(({ name, list = [] }) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field }) => {
            const value = typeof field.value === 'number' ? field.value : '';
            const isUnknown = value !== '' && !list.some((option) => option.id === value);
            return (
              <TextField
                select
                fullWidth
                label={t(`fields.${name}`)}
                value={value}
                onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                slotProps={{ htmlInput: { 'data-testid': `queue-${name}` } }}
              >
                <MenuItem value="">
                  <em>{t('fields.none')}</em>
                </MenuItem>
                {isUnknown && <MenuItem value={value}>#{value}</MenuItem>}
                {list.map((option) => (
                  <MenuItem key={option.id} value={option.id}>
                    {option.name}
                  </MenuItem>
                ))}
              </TextField>
            );
          }}
        />
      ))}
    </Stack>
  );
}
