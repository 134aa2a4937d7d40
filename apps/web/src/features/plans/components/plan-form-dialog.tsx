import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { type Plan, type PlanFields, planFeatureFlags, planFieldsSchema } from '@wacrm/shared/plans/plan.schema';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import { planAdminKeys, plansApi } from '../api/plans-api.ts';
import { notifyOperationError } from '../model/operation-error.ts';
import { CurrencyField } from './currency-field.tsx';

type PlanFormValues = z.input<typeof planFieldsSchema>;

const emptyPlan: PlanFormValues = {
  name: '',
  users: 0,
  connections: 0,
  queues: 0,
  value: 0,
  ...Object.fromEntries(planFeatureFlags.map((flag) => [flag, true])),
};

const limitFields = ['users', 'connections', 'queues'] as const;

interface PlanFormDialogProps {
  open: boolean;
  plan: Plan | null;
  onClose: () => void;
}

export function PlanFormDialog({ open, plan, onClose }: PlanFormDialogProps) {
  const { t } = useTranslation(['plans', 'common']);
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { register, control, handleSubmit, reset, setError, formState } = useForm<PlanFormValues, unknown, PlanFields>({
    resolver: zodResolver(planFieldsSchema),
    defaultValues: emptyPlan,
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(plan ?? emptyPlan);
  }, [open, plan, reset]);

  const handleSave = async (fields: PlanFields) => {
    try {
      if (plan) await plansApi.update(plan.id, fields);
      else await plansApi.create(fields);
      toast.success(t('toasts.saved'));
      void queryClient.invalidateQueries({ queryKey: planAdminKeys.all() });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fields) {
        for (const [field, text] of Object.entries(error.fields)) {
          setError(field as keyof PlanFormValues, { message: text });
        }
      }
      notifyOperationError(error, t('toasts.errorOperation'));
    }
  };

  const numberInput = (testId: string) => ({
    htmlInput: { 'data-testid': testId, min: 0, step: '1', inputMode: 'numeric' as const },
  });

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : onClose} fullWidth fullScreen={isPhone} maxWidth="sm">
      <form noValidate onSubmit={handleSubmit(handleSave)} data-testid="plan-form">
        <DialogTitle>{plan ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...register('name')}
                label={t('fields.name')}
                required
                autoFocus
                fullWidth
                error={!!errors.name}
                helperText={translateValidation(errors.name?.message)}
                slotProps={{ htmlInput: { 'data-testid': 'plan-name', maxLength: 100 } }}
              />
              <Controller
                name="value"
                control={control}
                render={({ field }) => (
                  <CurrencyField
                    label={t('fields.value')}
                    value={field.value as number | string | undefined}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={!!errors.value}
                    helperText={errors.value ? t('fields.valueInvalid') : undefined}
                    testId="plan-value"
                  />
                )}
              />
            </Stack>
            <Typography variant="subtitle2" color="text.secondary">
              {t('form.limits')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {limitFields.map((field) => (
                <TextField
                  key={field}
                  {...register(field)}
                  label={t(`fields.${field}`)}
                  type="number"
                  required
                  fullWidth
                  error={!!errors[field]}
                  helperText={translateValidation(errors[field]?.message)}
                  slotProps={numberInput(`plan-${field}`)}
                />
              ))}
            </Stack>
            <Typography variant="subtitle2" color="text.secondary">
              {t('form.features')}
            </Typography>
            <Stack sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
              {planFeatureFlags.map((flag) => (
                <Controller
                  key={flag}
                  name={flag}
                  control={control}
                  render={({ field }) => (
                    <FormControlLabel
                      label={t(`flags.${flag}`)}
                      control={
                        <Switch
                          checked={!!field.value}
                          onChange={(_event, checked) => field.onChange(checked)}
                          onBlur={field.onBlur}
                          slotProps={{ input: { 'data-testid': `plan-${flag}` } as object }}
                        />
                      }
                    />
                  )}
                />
              ))}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" disabled={isSubmitting}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting} data-testid="plan-save">
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
