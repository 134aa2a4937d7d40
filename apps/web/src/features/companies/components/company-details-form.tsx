import { zodResolver } from '@hookform/resolvers/zod';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import {
  type CompanyCreate,
  type CompanyCreateInput,
  type CompanyRecord,
  companyCreateSchema,
  companyFieldsSchema,
} from '@wacrm/shared/companies/company.schema';
import { recurrences } from '@wacrm/shared/companies/recurrence';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-field.tsx';
import { FormDialogActions } from '../../../components/ui/form-dialog-actions.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import { notifyOperationError, useAllPlans } from '../../plans/index.ts';
import { companiesApi, companiesKeys } from '../api/companies-api.ts';
import { newCompanyValues, valuesOf } from '../model/company-form-values.ts';

interface CompanyDetailsFormProps {
  open: boolean;
  company: CompanyRecord | null;
  /** Kept mounted but not shown while another tab of the dialog is open, so edits survive. */
  isHidden?: boolean;
  onSubmittingChange: (isSubmitting: boolean) => void;
  onClose: () => void;
}

// Editing keeps the admin's password: the edit schema has no password field.
const createResolver = zodResolver(companyCreateSchema) as Resolver<CompanyCreateInput, unknown, CompanyCreate>;
const editResolver = zodResolver(companyFieldsSchema) as unknown as Resolver<
  CompanyCreateInput,
  unknown,
  CompanyCreate
>;

/** The company's own fields (and, when adding, its first admin's password). */
export function CompanyDetailsForm({ open, company, isHidden, onSubmittingChange, onClose }: CompanyDetailsFormProps) {
  const { t } = useTranslation(['companies', 'common']);
  const queryClient = useQueryClient();
  const { data: plans = [] } = useAllPlans(open);
  const isEditing = company !== null;
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    CompanyCreateInput,
    unknown,
    CompanyCreate
  >({ resolver: isEditing ? editResolver : createResolver, defaultValues: newCompanyValues() });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(company ? valuesOf(company) : newCompanyValues());
  }, [open, company, reset]);

  useEffect(() => onSubmittingChange(isSubmitting), [isSubmitting, onSubmittingChange]);

  const handleSave = async (fields: CompanyCreate) => {
    try {
      if (company) {
        const { password: _password, ...changes } = fields;
        await companiesApi.update(company.id, changes);
      } else await companiesApi.create(fields);
      toast.success(t('toasts.saved'));
      void queryClient.invalidateQueries({ queryKey: companiesKeys.all() });
      onClose();
    } catch (error) {
      showServerFieldErrors(error, setError);
      notifyOperationError(error, t('toasts.errorOperation'));
    }
  };

  const text = (field: keyof CompanyCreateInput, extra: object = {}) => ({
    error: !!errors[field],
    helperText: translateValidation(errors[field]?.message),
    slotProps: { htmlInput: { 'data-testid': `company-${field}`, ...extra } },
  });

  return (
    <form noValidate onSubmit={handleSubmit(handleSave)} hidden={isHidden} data-testid="company-form">
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField
            {...register('name')}
            label={t('fields.name')}
            required
            autoFocus
            fullWidth
            {...text('name', { maxLength: 100 })}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...register('email')}
              label={t('fields.email')}
              type="email"
              required
              fullWidth
              {...text('email')}
            />
            <TextField
              {...register('phone')}
              label={t('fields.phone')}
              type="tel"
              fullWidth
              {...text('phone', { maxLength: 30 })}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              name="planId"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  label={t('fields.plan')}
                  required
                  fullWidth
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={!!errors.planId}
                  helperText={
                    translateValidation(errors.planId?.message) ?? (plans.length === 0 ? t('form.noPlans') : undefined)
                  }
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'company-planId' } as object } }}
                >
                  {plans.map((plan) => (
                    <MenuItem key={plan.id} value={plan.id} data-testid={`company-plan-option-${plan.id}`}>
                      {plan.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="recurrence"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  label={t('fields.recurrence')}
                  fullWidth
                  value={field.value ?? 'MENSAL'}
                  onChange={field.onChange}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'company-recurrence' } as object } }}
                >
                  {recurrences.map((recurrence) => (
                    <MenuItem key={recurrence} value={recurrence}>
                      {t(`recurrence.${recurrence}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <Controller
            name="dueDate"
            control={control}
            render={({ field }) => (
              <DateField
                label={t('fields.dueDate')}
                fullWidth
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!errors.dueDate}
                helperText={translateValidation(errors.dueDate?.message)}
                testId="company-dueDate"
              />
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 3 }}>
            <SwitchField control={control} name="status" label={t('fields.status')} testId="company-status" />
            <SwitchField
              control={control}
              name="campaignsEnabled"
              label={t('fields.campaignsEnabled')}
              testId="company-campaignsEnabled"
            />
          </Stack>
          {!isEditing && (
            <TextField
              {...register('password')}
              label={t('fields.password')}
              type="password"
              required
              fullWidth
              autoComplete="new-password"
              error={!!errors.password}
              helperText={translateValidation(errors.password?.message) ?? t('fields.passwordHint')}
              slotProps={{ htmlInput: { 'data-testid': 'company-password', maxLength: 50 } }}
            />
          )}
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={onClose} isSubmitting={isSubmitting} submitTestId="company-save" />
    </form>
  );
}
