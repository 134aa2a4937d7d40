import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { authApi } from '../api/auth-api.ts';
import { TwoFactorEnrolment } from '../components/two-factor-enrolment.tsx';
import { TwoFactorSetupCard } from '../components/two-factor-setup-card.tsx';
import { useAuth } from '../hooks/use-auth.ts';

/**
 * What a signed-in user sees once a rule requires their second step (turned on after they signed
 * in): the set-up alone, with their own session, until it is on; then the app carries on.
 */
export function TwoFactorRequiredPage() {
  const { t } = useTranslation('auth');
  const { setUser, logout } = useAuth();
  return (
    <TwoFactorSetupCard testId="two-factor-required">
      <TwoFactorEnrolment onDone={() => void authApi.me().then(setUser)} />
      <Button onClick={() => void logout()} sx={{ alignSelf: 'center' }}>
        {t('sessions.signOut')}
      </Button>
    </TwoFactorSetupCard>
  );
}
