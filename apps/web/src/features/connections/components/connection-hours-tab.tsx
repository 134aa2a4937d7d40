import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionFormValues } from '../model/connection-form.ts';

/** Seven rows of opening hours; 00:00 to 00:00 is a closed day. */
export function ConnectionHoursTab() {
  const { t } = useTranslation('connections');
  const { control, register, formState } = useFormContext<ConnectionFormValues>();
  const { fields } = useFieldArray({ control, name: 'schedules' });
  const errors = formState.errors.schedules;
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('hours.hint')}
      </Typography>
      {fields.map((day, index) => {
        const rowErrors = Array.isArray(errors) ? errors[index] : undefined;
        return (
          <Stack
            key={day.id}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center' }}
            data-testid={`connection-hours-${day.weekdayEn}`}
          >
            <Typography sx={{ width: { xs: 84, sm: 140 }, flexShrink: 0 }}>
              {t(`hours.days.${day.weekdayEn}`)}
            </Typography>
            <TextField
              {...register(`schedules.${index}.startTime`)}
              type="time"
              size="small"
              label={t('hours.start')}
              error={!!rowErrors?.startTime}
              sx={{ flex: 1 }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
            />
            <TextField
              {...register(`schedules.${index}.endTime`)}
              type="time"
              size="small"
              label={t('hours.end')}
              error={!!rowErrors?.endTime}
              helperText={rowErrors?.endTime ? t('hours.invalid') : undefined}
              sx={{ flex: 1 }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
