import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PublicPlan } from '@wacrm/shared/plans/plan.schema';
import type { SignupBody } from '@wacrm/shared/signup/signup.schema';
import { useEffect, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { AuthLayout } from '../../auth/index.ts';
import { signupApi } from '../api/signup-api.ts';
import { SignupForm, type SignupFormValues } from '../components/signup-form.tsx';

/** A positive integer from the query string, else null (spec: the optional companyId). */
function readReferrer(value: string | null) {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

const formFields = ['name', 'email', 'password', 'phone', 'planId'] as const;
const isFormField = (field: string): field is (typeof formFields)[number] =>
  (formFields as readonly string[]).includes(field);

export function SignupPage() {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const referrerCompanyId = readReferrer(searchParams.get('companyId'));
  const [plans, setPlans] = useState<PublicPlan[] | null>(null);
  const [isLoadingPlans, setIsLoadingPlans] = useState(true);

  useEffect(() => {
    let isCurrent = true;
    signupApi
      .listPlans()
      .then((list) => isCurrent && setPlans(list))
      .catch(() => isCurrent && toast.error(t('plan.loadError')))
      .finally(() => isCurrent && setIsLoadingPlans(false));
    return () => {
      isCurrent = false;
    };
  }, [t]);

  const handleSubmit = async (body: SignupBody, setError: UseFormSetError<SignupFormValues>) => {
    try {
      await signupApi.signup(body, referrerCompanyId);
      toast.success(t('success'), 4000);
      navigate('/login', { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'ERR_EMAIL_IN_USE') {
        setError('email', { message: t('emailInUse') });
        return;
      }
      // Field messages of the server (a plan removed meanwhile) go under their fields.
      showServerFieldErrors(error, setError, isFormField);
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
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('subtitle')}
        </Typography>
      </Box>
      <SignupForm plans={plans} isLoadingPlans={isLoadingPlans} onSubmit={handleSubmit} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {t('haveAccount')}{' '}
        <Link component={RouterLink} to="/login" underline="hover" sx={{ fontWeight: 600 }} data-testid="link-login">
          {t('login')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
