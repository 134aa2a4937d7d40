import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isClosedDay } from '@wacrm/shared/company-schedules/company-schedules.schema';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type QueueFormValues, translateQueueValidation } from '../model/queue-form.ts';

/**
 * Seven rows of attendance hours; 00:00 to 00:00 is a closed day. Plain HH:MM text fields: a
 * native time input follows the computer's locale and may show AM/PM, which hides "00:00".
 */
export function QueueHoursTab() {
  const { t } = useTranslation('queues');
  const { control, register, formState } = useFormContext<QueueFormValues>();
  const { fields } = useFieldArray({ control, name: 'schedules' });
  const values = useWatch({ control, name: 'schedules' });
  const errors = formState.errors.schedules;
  const timeInput = (testId: string) => ({
    'data-testid': testId,
    inputMode: 'numeric' as const,
    maxLength: 5,
    placeholder: 'HH:MM',
    autoComplete: 'off',
  });
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('hours.hint')}
      </Typography>
      {fields.map((day, index) => {
        const rowErrors = Array.isArray(errors) ? errors[index] : undefined;
        const message = rowErrors?.endTime?.message ?? rowErrors?.startTime?.message;
        const current = values?.[index];
        const isClosed = current ? isClosedDay(current) : false;
        return (
          <Stack
            key={day.id}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'flex-start' }}
            data-testid={`queue-hours-${day.weekdayEn}`}
          >
            <Stack sx={{ width: { xs: 72, sm: 160 }, flexShrink: 0, pt: 1 }} spacing={0.5}>
              <Typography noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
                {t(`hours.days.${day.weekdayEn}`)}
              </Typography>
              {/* A phone has room for the short name only. */}
              <Typography noWrap sx={{ display: { sm: 'none' } }} title={t(`hours.days.${day.weekdayEn}`)}>
                {t(`hours.shortDays.${day.weekdayEn}`)}
              </Typography>
              {isClosed && (
                <Chip
                  label={t('hours.closed')}
                  size="small"
                  variant="outlined"
                  sx={{ alignSelf: 'flex-start', height: 22, fontSize: 12, '& .MuiChip-label': { px: 0.75 } }}
                  data-testid="queue-hours-closed"
                />
              )}
            </Stack>
            <TextField
              {...register(`schedules.${index}.startTime`)}
              size="small"
              label={t('hours.start')}
              error={!!rowErrors?.startTime}
              sx={{ flex: 1 }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: timeInput('queue-hours-start') }}
            />
            <TextField
              {...register(`schedules.${index}.endTime`)}
              size="small"
              label={t('hours.end')}
              error={!!rowErrors?.endTime || !!rowErrors?.startTime}
              helperText={translateQueueValidation(message)}
              sx={{ flex: 1 }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: timeInput('queue-hours-end') }}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
