import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CompanySchedules,
  companySchedulesSchema,
  isClosedDay,
} from '@wacrm/shared/company-schedules/company-schedules.schema';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { notifyError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { settingsApi, settingsKeys } from '../api/settings-api.ts';
import { maskTime } from '../model/time-mask.ts';

interface CompanySchedulesEditorProps {
  companyId: number;
  /** Without its own card, inside a dialog. */
  isBare?: boolean;
}

/**
 * A company's weekly hours (used when the setting scheduleType is 'company'). 00:00-00:00 is
 * closed. The company's admin edits their own in /settings; the super user any company's.
 */
export function CompanySchedulesEditor({ companyId, isBare }: CompanySchedulesEditorProps) {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const schedules = useQuery({
    queryKey: settingsKeys.schedules(companyId),
    queryFn: () => settingsApi.schedules(companyId),
  });
  const { control, handleSubmit, reset, formState } = useForm<CompanySchedules>({
    resolver: zodResolver(companySchedulesSchema),
    defaultValues: { schedules: [] },
  });
  const { fields } = useFieldArray({ control, name: 'schedules' });
  const values = useWatch({ control, name: 'schedules' });

  useEffect(() => {
    if (schedules.data) reset(schedules.data);
  }, [schedules.data, reset]);

  if (schedules.isLoading) return <CenteredSpinner />;
  if (schedules.isError) return <Alert severity="error">{t('loadError')}</Alert>;

  const handleSave = async (form: CompanySchedules) => {
    try {
      const saved = await settingsApi.saveSchedules(companyId, form.schedules);
      queryClient.setQueryData(settingsKeys.schedules(companyId), saved);
      toast.success(t('schedules.saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  const timeError = (message: string | undefined) =>
    message
      ? t(message === 'Start must be before end' ? 'schedules.endBeforeStart' : 'schedules.invalidTime')
      : undefined;

  return (
    <Paper
      variant="outlined"
      sx={isBare ? { border: 0, background: 'none' } : { p: { xs: 2, sm: 3 } }}
      component="form"
      noValidate
      onSubmit={handleSubmit(handleSave)}
      data-testid="company-schedules-editor"
    >
      <Typography variant="subtitle1" component="h2">
        {t('schedules.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('schedules.help')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {fields.map((field, index) => {
          const rowErrors = formState.errors.schedules?.[index];
          const isClosed = values?.[index] ? isClosedDay(values[index]) : false;
          return (
            <Box
              key={field.id}
              data-testid={`schedule-${field.weekdayEn}`}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr 1fr', sm: '160px 140px 140px auto' },
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
                <Typography sx={{ fontWeight: 500 }}>{t(`weekdays.${field.weekdayEn}`)}</Typography>
                {isClosed && <Chip size="small" label={t('schedules.closed')} />}
              </Box>
              {(['startTime', 'endTime'] as const).map((name) => (
                <Controller
                  key={name}
                  control={control}
                  name={`schedules.${index}.${name}`}
                  render={({ field: input }) => (
                    <TextField
                      size="small"
                      label={t(`schedules.${name}`)}
                      value={input.value}
                      onChange={(event) => input.onChange(maskTime(event.target.value))}
                      onBlur={input.onBlur}
                      error={!!rowErrors?.[name]}
                      helperText={timeError(rowErrors?.[name]?.message)}
                      placeholder="HH:MM"
                      slotProps={{
                        htmlInput: {
                          inputMode: 'numeric',
                          maxLength: 5,
                          'data-testid': `schedule-${field.weekdayEn}-${name}`,
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
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button type="submit" variant="contained" loading={formState.isSubmitting} data-testid="schedules-save">
          {t('common:actions.save')}
        </Button>
      </Box>
    </Paper>
  );
}
