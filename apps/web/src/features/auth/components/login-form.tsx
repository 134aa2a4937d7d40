import type { LoginBody } from '@wacrm/shared/auth/auth.schema';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { translateValidation } from '../../../lib/validation-message.ts';
import { AuthField } from './auth-field.tsx';
import { type LoginErrors, preloadLoginValidation, validateLogin } from './login-validation.ts';

function EyeIcon({ isOpen }: { isOpen: boolean }) {
  // Inline icons keep the login bundle free of the icon package.
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
      {isOpen ? (
        <path d="M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3" />
      ) : (
        <path d="M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z" />
      )}
    </svg>
  );
}

interface LoginFormProps {
  onSubmit: (body: LoginBody) => Promise<void>;
}

/**
 * Email and password, validated by the same schema the server uses (loaded on first input).
 * A plain controlled form keeps react-hook-form out of the login page's JavaScript; it behaves as
 * the app's other forms do: checked on submit (the first wrong field takes the focus), then again
 * on every change once submitted.
 */
export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The latest values, so a check that resolves late never shows errors of older input.
  const latest = useRef(values);

  const change = (field: keyof LoginBody, value: string) => {
    const next = { ...latest.current, [field]: value };
    latest.current = next;
    setValues(next);
    if (!isSubmitted) return;
    void validateLogin(next).then((result) => {
      if (latest.current === next) setErrors(result.errors);
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setIsSubmitting(true);
    setIsSubmitted(true);
    try {
      const result = await validateLogin(latest.current);
      setErrors(result.errors);
      if (!result.data) {
        (result.errors.email ? emailRef : passwordRef).current?.focus();
        return;
      }
      await onSubmit(result.data);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      onInput={() => void preloadLoginValidation()}
    >
      <AuthField
        name="email"
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        inputRef={emailRef}
        label={t('login.email')}
        type="email"
        autoComplete="email"
        autoFocus
        errorText={translateValidation(errors.email)}
        testId="login-email"
      />
      <AuthField
        name="password"
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        inputRef={passwordRef}
        label={t('login.password')}
        type={isPasswordVisible ? 'text' : 'password'}
        autoComplete="current-password"
        errorText={translateValidation(errors.password)}
        testId="login-password"
        end={
          <button
            type="button"
            className="auth-icon-button"
            onClick={() => setIsPasswordVisible((visible) => !visible)}
            aria-label={t(isPasswordVisible ? 'login.hidePassword' : 'login.showPassword')}
          >
            <EyeIcon isOpen={!isPasswordVisible} />
          </button>
        }
      />
      <button type="submit" className="auth-submit" aria-busy={isSubmitting} data-testid="login-submit">
        <span className="auth-submit__label">{t('login.submit')}</span>
        {isSubmitting && <CenteredSpinner />}
      </button>
    </form>
  );
}
