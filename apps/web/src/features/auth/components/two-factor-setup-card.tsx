import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The page around a second step that must be set up before anything else opens: right after the
 * password (two-factor-setup-page) or while signed in (two-factor-required-page).
 */
export function TwoFactorSetupCard({ children, testId }: { children: ReactNode; testId?: string }) {
  const { t } = useTranslation('auth');
  useEffect(() => {
    document.title = t('twoFactor.setupTitle');
  }, [t]);

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 2, sm: 6 } }} data-testid={testId}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {t('twoFactor.setupTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('twoFactor.setupRequired')}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}
