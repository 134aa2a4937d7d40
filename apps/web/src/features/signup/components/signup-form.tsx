import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { PublicPlan } from '@wacrm/shared/plans/plan.schema';
import { type SignupBody, type SignupInput, signupBodySchema } from '@wacrm/shared/signup/signup.schema';
import { Controller, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OutlinedField } from '../../../components/ui/outlined-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { translateValidation } from '../../../lib/validation-message.ts';
import { nextPhoneValue } from '../model/phone-mask.ts';
import { PlanSelect } from './plan-select.tsx';

export type SignupFormValues = {
  name: string;
  userName: string;
  email: string;
  password: string;
  phone: string;
  planId: string;
};

interface SignupFormProps {
  plans: PublicPlan[] | null;
  isLoadingPlans: boolean;
  onSubmit: (body: SignupBody, setError: UseFormSetError<SignupFormValues>) => Promise<void>;
}

/** Company name, the admin's own name, email, password, masked phone and plan, checked by the schema the server uses. */
export function SignupForm({ plans, isLoadingPlans, onSubmit }: SignupFormProps) {
  const { t } = useTranslation(['signup', 'auth']);
  const { register, control, handleSubmit, setError, formState } = useForm<SignupFormValues, unknown, SignupBody>({
    resolver: zodResolver(signupBodySchema) as never,
    defaultValues: { name: '', userName: '', email: '', password: '', phone: '', planId: '' } satisfies SignupInput,
  });
  const { errors, isSubmitting } = formState;
  const fieldError = (message: string | undefined) =>
    message === 'Plan not found' ? t('signup:plan.notFound') : translateValidation(message);
  const name = register('name');
  const userName = register('userName');
  const email = register('email');
  const password = register('password');

  return (
    <Stack component="form" spacing={2.25} noValidate onSubmit={handleSubmit((body) => onSubmit(body, setError))}>
      <OutlinedField
        {...name}
        inputRef={name.ref}
        label={t('signup:fields.name')}
        autoComplete="organization"
        autoFocus
        errorText={fieldError(errors.name?.message)}
        inputProps={{ 'data-testid': 'signup-name', maxLength: 50 }}
      />
      <OutlinedField
        {...userName}
        inputRef={userName.ref}
        label={t('signup:fields.userName')}
        autoComplete="name"
        helperText={t('signup:fields.userNameHelp')}
        errorText={fieldError(errors.userName?.message)}
        inputProps={{ 'data-testid': 'signup-user-name', maxLength: 50 }}
      />
      <OutlinedField
        {...email}
        inputRef={email.ref}
        label={t('signup:fields.email')}
        type="email"
        autoComplete="email"
        errorText={fieldError(errors.email?.message)}
        inputProps={{ 'data-testid': 'signup-email' }}
      />
      <PasswordField
        {...password}
        inputRef={password.ref}
        label={t('signup:fields.password')}
        autoComplete="new-password"
        errorText={fieldError(errors.password?.message)}
        showLabel={t('auth:login.showPassword')}
        hideLabel={t('auth:login.hidePassword')}
        testId="signup-password"
      />
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <OutlinedField
            name={field.name}
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(nextPhoneValue(field.value, event.target.value))}
            label={t('signup:fields.phone')}
            type="tel"
            autoComplete="tel-national"
            placeholder="(99) 99999-9999"
            errorText={fieldError(errors.phone?.message)}
            inputProps={{ 'data-testid': 'signup-phone', inputMode: 'numeric' }}
          />
        )}
      />
      <Controller
        control={control}
        name="planId"
        render={({ field }) => (
          <PlanSelect
            plans={plans}
            isLoading={isLoadingPlans}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            errorText={fieldError(errors.planId?.message)}
          />
        )}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} data-testid="signup-submit">
        {t('signup:submit')}
      </Button>
    </Stack>
  );
}
