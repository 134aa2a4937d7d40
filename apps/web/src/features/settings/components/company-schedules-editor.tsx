import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CompanySchedules,
  companySchedulesSchema,
} from '@wacrm/shared/company-schedules/company-schedules.schema';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { WeekdayHoursFields } from '../../../components/ui/weekday-hours-fields.tsx';
import { notifyError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { settingsApi, settingsKeys } from '../api/settings-api.ts';
import { useTimeZoneOfCompany, useZoneLabel } from '../hooks/use-company-time-zone.ts';

interface CompanySchedulesEditorProps {
  companyId: number;
  /** Without its own card, inside the super user's companies admin dialog (any company's hours). */
  isBare?: boolean;
}

/**
 * A company's weekly hours (used when the setting scheduleType is 'company'). 00:00-00:00 is
 * closed. The company's admin edits their own in /settings; the super user any company's.
 */
export function CompanySchedulesEditor({ companyId, isBare }: CompanySchedulesEditorProps) {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const timeZone = useTimeZoneOfCompany(companyId, isBare ? 'companiesAdmin' : 'own');
  const zoneLabel = useZoneLabel();
  const schedules = useQuery({
    queryKey: settingsKeys.schedules(companyId),
    queryFn: () => settingsApi.schedules(companyId),
  });
  const form = useForm<CompanySchedules>({
    resolver: zodResolver(companySchedulesSchema),
    defaultValues: { schedules: [] },
  });
  const { handleSubmit, reset, formState } = form;

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

  return (
    <FormProvider {...form}>
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
        <Box sx={{ mt: 0.5 }}>
          <WeekdayHoursFields testIdPrefix="schedule" clock={zoneLabel(timeZone, new Date())} />
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
          <Button type="submit" variant="contained" loading={formState.isSubmitting} data-testid="schedules-save">
            {t('common:actions.save')}
          </Button>
        </Box>
      </Paper>
    </FormProvider>
  );
}
