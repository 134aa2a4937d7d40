import type { LoginBody } from '@wacrm/shared/auth/auth.schema';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { AuthAlert } from '../components/auth-alert.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { bannerDaysLeft } from '../model/days-left.ts';
import { forgetSessionEndNotice, readSessionEndNotice, sessionEndMessage } from '../model/session-end-notice.ts';
import { keepSetupToken } from '../model/two-factor-setup-token.ts';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { login, startSession } = useAuth();
  const navigate = useNavigate();
  /** The password was right and a code is asked: the second step replaces the form. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);
  // Why the last session was ended by the server (company switched off or past due), shown once.
  // It stays until the user closes it (or logs in): it must be readable, not a flash.
  // Forgotten only once shown: a login page that showed none (a request refused while the
  // realtime notice waits to reload) must not take away the notice stored for that reload.
  const [endNotice, setEndNotice] = useState(readSessionEndNotice);
  useEffect(() => {
    if (endNotice) forgetSessionEndNotice();
  }, [endNotice]);

  const handleSubmit = async (body: LoginBody) => {
    setExpiredMessage(null);
    try {
      const answer = await login(body);
      if ('twoFactorRequired' in answer) {
        setChallenge(answer.challenge);
        return;
      }
      if ('twoFactorSetupRequired' in answer) {
        keepSetupToken(answer.token);
        navigate('/2fa-setup');
        return;
      }
      // spec: fewer than 5 days left are warned about; the shell's subscription banner does it
      // whenever it shows, so a toast would only repeat it on top of the banner.
      if (answer.dueDateWarningDays !== undefined && bannerDaysLeft(answer.user.company.dueDate) === null) {
        toast.warning(t('login.dueDateWarning', { count: answer.dueDateWarningDays }), 6000);
      }
    } catch (error) {
      // spec: an expired subscription is explained with its due date; nothing is stored.
      if (isApiError(error) && error.code === 'ERR_SUBSCRIPTION_EXPIRED') {
        const message = t('login.subscriptionExpired', { date: formatDate(error.details?.dueDate as string) });
        setExpiredMessage(message);
        toast.error(message);
        return;
      }
      notifyError(error);
    }
  };

  return (
    <AuthLayout>
      {/* Room for the language menu at the card's top right, beside the title only. */}
      <h1 className="auth-title">{t('login.title')}</h1>
      <p className="auth-subtitle">{t('login.subtitle')}</p>
      {endNotice && !expiredMessage && (
        <AuthAlert
          severity="warning"
          testId="session-ended-notice"
          onClose={() => setEndNotice(null)}
          closeLabel={t('common:actions.close')}
          closeTestId="session-ended-dismiss"
        >
          {sessionEndMessage(t, endNotice)}
        </AuthAlert>
      )}
      {expiredMessage && (
        <AuthAlert severity="error" testId="subscription-expired">
          {expiredMessage}
        </AuthAlert>
      )}
      {challenge ? (
        <TwoFactorStep challenge={challenge} onSignedIn={startSession} onRestart={() => setChallenge(null)} />
      ) : (
        <LoginForm onSubmit={handleSubmit} />
      )}
      {/* At the code step the password has passed: its own links (recovery code, back) are enough. */}
      {!challenge && (
        <div className="auth-links">
          <Link to="/forgetpsw" className="auth-link" data-testid="link-forgetpsw">
            {t('login.forgotPassword')}
          </Link>
          <span>
            {t('login.noAccount')}{' '}
            <strong>
              <Link to="/signup" className="auth-link" data-testid="link-signup">
                {t('login.signup')}
              </Link>
            </strong>
          </span>
        </div>
      )}
    </AuthLayout>
  );
}
