import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';

/** Signup and password recovery until their issue builds them; always offers the way back to login. */
export function PublicComingSoonPage({ titleKey }: { titleKey: 'signup.title' | 'forgotPassword.title' }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <AuthLayout>
      <div data-testid="coming-soon">
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t('common:comingSoon.badge')}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ pr: 8 }}>
          {t(titleKey)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('common:comingSoon.description')}
        </Typography>
        <Button
          component={RouterLink}
          to="/login"
          variant="contained"
          fullWidth
          size="large"
          data-testid="back-to-login"
        >
          {t('common:comingSoon.backToLogin')}
        </Button>
      </div>
    </AuthLayout>
  );
}
