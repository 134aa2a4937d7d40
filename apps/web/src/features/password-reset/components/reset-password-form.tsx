import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  RESET_CODE_LENGTH,
  type ResetPasswordForm as ResetPasswordValues,
  resetPasswordFormSchema,
} from '@wacrm/shared/password-reset/password-reset.schema';
import { type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OutlinedField } from '../../../components/ui/outlined-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { translateResetValidation } from './reset-validation.ts';

interface ResetPasswordFormProps {
  onSubmit: (values: ResetPasswordValues, setError: UseFormSetError<ResetPasswordValues>) => Promise<void>;
}

/** Step 2: the mailed code, the new password and its confirmation. */
export function ResetPasswordForm({ onSubmit }: ResetPasswordFormProps) {
  const { t } = useTranslation(['password-reset', 'auth']);
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;
  const token = register('token');
  const newPassword = register('newPassword');
  const confirmPassword = register('confirmPassword');
  const toggleLabels = { showLabel: t('auth:login.showPassword'), hideLabel: t('auth:login.hidePassword') };

  return (
    <Stack component="form" spacing={2.25} noValidate onSubmit={handleSubmit((values) => onSubmit(values, setError))}>
      <OutlinedField
        {...token}
        inputRef={token.ref}
        label={t('fields.code')}
        autoComplete="one-time-code"
        autoFocus
        errorText={translateResetValidation(errors.token?.message)}
        inputProps={{ 'data-testid': 'reset-code', inputMode: 'numeric', maxLength: RESET_CODE_LENGTH }}
      />
      <PasswordField
        {...newPassword}
        inputRef={newPassword.ref}
        label={t('fields.newPassword')}
        autoComplete="new-password"
        errorText={translateResetValidation(errors.newPassword?.message)}
        {...toggleLabels}
        testId="reset-password"
      />
      <PasswordField
        {...confirmPassword}
        inputRef={confirmPassword.ref}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        errorText={translateResetValidation(errors.confirmPassword?.message)}
        {...toggleLabels}
        testId="reset-confirm"
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} data-testid="reset-submit">
        {t('resetSubmit')}
      </Button>
    </Stack>
  );
}
