import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { scheduleFrequencies } from '@wacrm/shared/schedules/schedule.schema';
import { useTranslation } from 'react-i18next';
import type { ScheduleFormErrors, ScheduleFormValues } from '../model/schedule-form.ts';

interface ScheduleRecurrenceFieldsProps {
  values: Pick<ScheduleFormValues, 'frequency' | 'weekdays' | 'until'>;
  errors: ScheduleFormErrors;
  onChange: (patch: Partial<ScheduleFormValues>) => void;
  /** A sent schedule: shown, not changed. */
  disabled?: boolean;
}

const weekdays = [1, 2, 3, 4, 5, 6, 0];

/** Optional repetition: daily, weekly on chosen days or monthly, until a last day. */
export function ScheduleRecurrenceFields({ values, errors, onChange, disabled }: ScheduleRecurrenceFieldsProps) {
  const { t } = useTranslation('schedules');
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          fullWidth
          label={t('fields.repeat')}
          value={values.frequency}
          disabled={disabled}
          onChange={(event) => onChange({ frequency: event.target.value as ScheduleFormValues['frequency'] })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'schedule-repeat' } as object } }}
        >
          <MenuItem value="none">{t('repeat.none')}</MenuItem>
          {scheduleFrequencies.map((frequency) => (
            <MenuItem key={frequency} value={frequency} data-testid={`schedule-repeat-${frequency}`}>
              {t(`repeat.${frequency}`)}
            </MenuItem>
          ))}
        </TextField>
        {values.frequency !== 'none' && (
          <TextField
            type="date"
            fullWidth
            label={t('fields.until')}
            value={values.until}
            disabled={disabled}
            onChange={(event) => onChange({ until: event.target.value })}
            error={Boolean(errors.until)}
            helperText={errors.until ? t(`validation.${errors.until}`) : t('fields.untilHint')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-until' } }}
          />
        )}
      </Stack>
      {values.frequency === 'weekly' && (
        <div>
          <ToggleButtonGroup
            size="small"
            value={values.weekdays}
            disabled={disabled}
            onChange={(_event, next: number[]) => onChange({ weekdays: next })}
            aria-label={t('fields.weekdays')}
            sx={{ flexWrap: 'wrap' }}
          >
            {weekdays.map((day) => (
              <ToggleButton key={day} value={day} data-testid={`schedule-weekday-${day}`}>
                {t(`weekdays.${day}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {errors.weekdays && <FormHelperText error>{t('validation.weekdays')}</FormHelperText>}
        </div>
      )}
    </Stack>
  );
}
