import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResetPasswordForm as ResetPasswordValues } from '@wacrm/shared/password-reset/password-reset.schema';
import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { AuthLayout } from '../../auth/index.ts';
import { passwordResetApi } from '../api/password-reset-api.ts';
import { RequestCodeForm } from '../components/request-code-form.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

/**
 * spec: step 1 asks for the email and moves to step 2 once the code is sent; step 2 takes the
 * code and the new password and goes to /login on success.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('password-reset');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [isEmailUnavailable, setIsEmailUnavailable] = useState(false);

  const handleRequestCode = async (address: string) => {
    setIsEmailUnavailable(false);
    try {
      await passwordResetApi.requestCode(address);
      setEmail(address);
      setStep('reset');
      toast.success(t('codeSent'), 4000);
    } catch (error) {
      if (isApiError(error) && error.status === 404) return void toast.error(t('emailNotFound'));
      // The server cannot send mail at all: the inline alert says so and the form stays off (no toast).
      if (isApiError(error) && error.code === 'ERR_EMAIL_NOT_CONFIGURED') return void setIsEmailUnavailable(true);
      notifyError(error);
    }
  };

  const handleReset = async (values: ResetPasswordValues, setError: UseFormSetError<ResetPasswordValues>) => {
    try {
      await passwordResetApi.resetPassword(email, values.token, values.newPassword);
      toast.success(t('passwordChanged'), 4000);
      navigate('/login', { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'ERR_INVALID_RESET_CODE') {
        setError('token', { message: t('invalidCode') });
        return;
      }
      notifyError(error);
    }
  };

  return (
    <AuthLayout>
      <Box sx={{ mb: 3 }}>
        {/* Room for the language menu at the card's top right, beside the title only. */}
        <Typography variant="h5" component="h1" sx={{ pr: 7 }}>
          {t('title')}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
          data-testid="forgot-description"
        >
          {step === 'email' ? (
            t('emailStep')
          ) : (
            <>
              {t('codeSentTo')}
              <Box component="strong" sx={{ display: 'block', color: 'text.primary', my: 0.25 }}>
                {email}
              </Box>
              {t('codeStepHint')}
            </>
          )}
        </Typography>
      </Box>
      {isEmailUnavailable && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="email-not-configured">
          {t('emailNotConfigured')}
          <Box sx={{ mt: 1 }}>
            <Button component={RouterLink} to="/login" size="small" color="inherit" variant="outlined">
              {t('backToLogin')}
            </Button>
          </Box>
        </Alert>
      )}
      {step === 'email' ? (
        <RequestCodeForm defaultEmail={email} isDisabled={isEmailUnavailable} onSubmit={handleRequestCode} />
      ) : (
        <>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
            {t('passwordRule')}
          </Typography>
          <ResetPasswordForm onSubmit={handleReset} />
          <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'center' }}>
            <Link
              component="button"
              type="button"
              variant="body2"
              underline="hover"
              onClick={() => void handleRequestCode(email)}
              data-testid="resend-code"
            >
              {t('resendCode')}
            </Link>
            <Link
              component="button"
              type="button"
              variant="body2"
              underline="hover"
              onClick={() => setStep('email')}
              data-testid="change-email"
            >
              {t('changeEmail')}
            </Link>
          </Stack>
        </>
      )}
      <Stack spacing={1} sx={{ mt: 3, alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('noAccount')}{' '}
          <Link
            component={RouterLink}
            to="/signup"
            underline="hover"
            sx={{ fontWeight: 600 }}
            data-testid="link-signup"
          >
            {t('signup')}
          </Link>
        </Typography>
        <Link component={RouterLink} to="/login" variant="body2" underline="hover" data-testid="link-login">
          {t('backToLogin')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
