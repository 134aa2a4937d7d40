import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

interface ComingSoonPageProps {
  /** The feature's key in shell:menu, e.g. "tickets". */
  featureKey: string;
}

/** Stands in for a screen that a later issue builds, naming the feature so navigation can be tried end to end. */
export function ComingSoonPage({ featureKey }: ComingSoonPageProps) {
  const { t } = useTranslation(['common', 'shell']);
  const feature = t(`shell:menu.${featureKey}`);
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Paper
        variant="outlined"
        data-testid="coming-soon"
        sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%', textAlign: 'center', borderRadius: '16px' }}
      >
        <Box
          sx={{
            mx: 'auto',
            mb: 2,
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <ConstructionOutlined fontSize="large" />
        </Box>
        <Chip label={t('comingSoon.badge')} color="primary" size="small" variant="outlined" sx={{ mb: 1.5 }} />
        <Typography variant="h5" component="h1" data-testid="coming-soon-title">
          {t('comingSoon.title', { feature })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('comingSoon.description')}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('comingSoon.backHome')}
        </Button>
      </Paper>
    </Box>
  );
}
