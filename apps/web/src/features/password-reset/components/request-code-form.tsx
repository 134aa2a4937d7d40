import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  type ForgotPasswordParams,
  forgotPasswordParamsSchema,
} from '@wacrm/shared/password-reset/password-reset.schema';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OutlinedField } from '../../../components/ui/outlined-field.tsx';
import { translateResetValidation } from './reset-validation.ts';

interface RequestCodeFormProps {
  defaultEmail: string;
  /** Off when the server cannot send the code at all. */
  isDisabled?: boolean;
  onSubmit: (email: string) => Promise<void>;
}

/** Step 1: the email that receives the code. */
export function RequestCodeForm({ defaultEmail, isDisabled = false, onSubmit }: RequestCodeFormProps) {
  const { t } = useTranslation('password-reset');
  const { register, handleSubmit, formState } = useForm<ForgotPasswordParams>({
    resolver: zodResolver(forgotPasswordParamsSchema),
    defaultValues: { email: defaultEmail },
  });
  const email = register('email');
  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={handleSubmit((body) => onSubmit(body.email))}>
      <OutlinedField
        {...email}
        inputRef={email.ref}
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        autoFocus
        disabled={isDisabled}
        errorText={translateResetValidation(formState.errors.email?.message)}
        inputProps={{ 'data-testid': 'forgot-email' }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={formState.isSubmitting}
        disabled={isDisabled}
        data-testid="forgot-submit"
      >
        {t('sendCode')}
      </Button>
    </Stack>
  );
}
