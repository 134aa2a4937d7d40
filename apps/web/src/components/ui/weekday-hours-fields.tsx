import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isClosedDay, type WeekdayEn } from '@wacrm/shared/company-schedules/company-schedules.schema';
import { Controller, type FieldError, get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n.ts';
import { maskTime } from '../../lib/time-mask.ts';
import { translateValidation } from '../../lib/validation-message.ts';

/** One day of a weekly timetable, as the shared schedule schemas define it. */
interface WeekdayHours {
  weekdayEn: WeekdayEn;
  startTime: string;
  endTime: string;
}

interface WeekdayHoursFieldsProps {
  /** Path of the form's array of days (default `schedules`); the form is taken from a FormProvider. */
  name?: string;
  /** Prefix of the test ids: `<prefix>-monday`, `<prefix>-monday-startTime`, `<prefix>-closed`. */
  testIdPrefix: string;
  /** Text above the days, when the form's hours mean something else than the default hint says. */
  hint?: string;
  /** The clock the hours are read on ("Horário de São Paulo (UTC−03:00)"), shown under the hint. */
  clock?: string;
}

const timeFields = ['startTime', 'endTime'] as const;

// The shared schedule schemas speak English; their messages mapped to ours.
const messageKeys: Record<string, string> = {
  'Invalid time': 'common:weekdayHours.invalidTime',
  'Start must be before end': 'common:weekdayHours.endBeforeStart',
};

function translateTimeError(error: FieldError | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  const key = messageKeys[message];
  return key ? i18n.t(key) : translateValidation(message);
}

/**
 * A week of opening hours, 24-hour HH:MM (a native time input follows the browser's locale and may
 * show AM/PM, which hides "00:00"). spec: 00:00 to 00:00 is a closed day, marked "Closed" beside it.
 * Used by the queue, the company and the connection forms, inside their FormProvider.
 */
export function WeekdayHoursFields({ name = 'schedules', testIdPrefix, hint, clock }: WeekdayHoursFieldsProps) {
  const { t } = useTranslation('common');
  const { control, formState } = useFormContext();
  const { fields } = useFieldArray({ control, name });
  const values = useWatch({ control, name }) as WeekdayHours[] | undefined;

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: clock ? 0.5 : 2 }}>
        {hint ?? t('weekdayHours.hint')}
      </Typography>
      {clock && (
        <Typography variant="body2" sx={{ mb: 2, fontWeight: 500 }} data-testid={`${testIdPrefix}-clock`}>
          {clock}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {fields.map((field, index) => {
          const weekday = (field as unknown as WeekdayHours).weekdayEn;
          const current = values?.[index];
          const isClosed = current ? isClosedDay(current) : false;
          return (
            <Box
              key={field.id}
              data-testid={`${testIdPrefix}-${weekday}`}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr 1fr', sm: '190px minmax(0, 150px) minmax(0, 150px)' },
              }}
            >
              <Box
                sx={{
                  gridColumn: { xs: '1 / -1', sm: 'auto' },
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  minHeight: { sm: 40 },
                }}
              >
                <Typography sx={{ fontWeight: 500 }}>{t(`weekdayHours.days.${weekday}`)}</Typography>
                {isClosed && (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('weekdayHours.closed')}
                    data-testid={`${testIdPrefix}-closed`}
                  />
                )}
              </Box>
              {timeFields.map((timeField) => (
                <Controller
                  key={timeField}
                  control={control}
                  name={`${name}.${index}.${timeField}`}
                  render={({ field: input }) => (
                    <TextField
                      size="small"
                      label={t(`weekdayHours.${timeField}`)}
                      value={input.value ?? ''}
                      inputRef={input.ref}
                      onChange={(event) => input.onChange(maskTime(event.target.value))}
                      onBlur={input.onBlur}
                      error={!!get(formState.errors, `${name}.${index}.${timeField}`)}
                      helperText={translateTimeError(get(formState.errors, `${name}.${index}.${timeField}`))}
                      placeholder="HH:MM"
                      slotProps={{
                        inputLabel: { shrink: true },
                        htmlInput: {
                          inputMode: 'numeric',
                          maxLength: 5,
                          autoComplete: 'off',
                          'data-testid': `${testIdPrefix}-${weekday}-${timeField}`,
                        },
                      }}
                    />
                  )}
                />
              ))}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
