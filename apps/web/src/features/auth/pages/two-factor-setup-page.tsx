import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { TwoFactorEnrolment } from '../components/two-factor-enrolment.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { forgetSetupToken, readSetupToken } from '../model/two-factor-setup-token.ts';

/**
 * Where a sign-in goes when the company requires a second step the user has not set up: nothing
 * else opens until it is on (the token it holds opens only the set-up routes).
 */
export function TwoFactorSetupPage() {
  const { t } = useTranslation('auth');
  const { startSession } = useAuth();
  const navigate = useNavigate();
  const [setupToken] = useState(readSetupToken);
  useEffect(() => {
    document.title = t('twoFactor.setupTitle');
  }, [t]);
  if (!setupToken) return <Navigate to="/login" replace />;

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 2, sm: 6 } }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {t('twoFactor.setupTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('twoFactor.setupRequired')}
          </Typography>
          <TwoFactorEnrolment
            setupToken={setupToken}
            onDone={(answer) => {
              forgetSetupToken();
              if (answer.session) {
                startSession(answer.session);
                navigate('/', { replace: true });
              } else navigate('/login', { replace: true });
            }}
          />
        </CardContent>
      </Card>
    </Container>
  );
}
