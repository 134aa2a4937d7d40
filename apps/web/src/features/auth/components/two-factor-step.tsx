import type { LoginAnswer } from '@wacrm/shared/auth/auth.schema';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthField } from './auth-field.tsx';

interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: (answer: LoginAnswer) => void;
  /** The challenge expired or the user goes back: the password step again. */
  onRestart: () => void;
}

/** The sign-in's second step, in plain HTML like the rest of the login page: a code, or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const [isRecovery, setIsRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const typed = value.replace(/[\s-]+/g, '');
    if (!(isRecovery ? /^[a-z0-9]{10}$/i : /^\d{6}$/).test(typed)) {
      setError(t(isRecovery ? 'twoFactor.recoveryFormat' : 'twoFactor.codeFormat'));
      return;
    }
    setIsSubmitting(true);
    try {
      const body = isRecovery ? { challenge, recoveryCode: typed } : { challenge, code: typed };
      onSignedIn(await authApi.loginTwoFactor(body));
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'ERR_2FA_INVALID_CODE') setError(t('twoFactor.wrongCode'));
      else {
        notifyError(failure);
        if (isApiError(failure) && failure.code === 'ERR_2FA_CHALLENGE_EXPIRED') onRestart();
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} data-testid="two-factor-step">
      <p className="auth-subtitle">{t(isRecovery ? 'twoFactor.recoveryPrompt' : 'twoFactor.codePrompt')}</p>
      <AuthField
        key={isRecovery ? 'recovery' : 'code'}
        name={isRecovery ? 'recoveryCode' : 'code'}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        label={t(isRecovery ? 'twoFactor.recoveryCode' : 'twoFactor.code')}
        inputMode={isRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        maxLength={isRecovery ? 14 : 7}
        errorText={error}
        testId="two-factor-code"
      />
      <button type="submit" className="auth-submit" aria-busy={isSubmitting} data-testid="two-factor-submit">
        <span className="auth-submit__label">{t('twoFactor.verify')}</span>
        {isSubmitting && <CenteredSpinner />}
      </button>
      <div className="auth-links">
        <button
          type="button"
          className="auth-link auth-link--button"
          onClick={() => {
            setIsRecovery((recovery) => !recovery);
            setValue('');
            setError(undefined);
          }}
          data-testid="two-factor-toggle"
        >
          {t(isRecovery ? 'twoFactor.useCode' : 'twoFactor.useRecovery')}
        </button>
        <button type="button" className="auth-link auth-link--button" onClick={onRestart}>
          {t('twoFactor.back')}
        </button>
      </div>
    </form>
  );
}
