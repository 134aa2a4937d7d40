import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/ui/brand-logo.tsx';

/** spec: with no ticket selected, a logo placeholder shows. */
export function TicketPlaceholder() {
  const { t } = useTranslation('tickets');
  return (
    <Stack
      spacing={2}
      sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 4 }}
      data-testid="ticket-placeholder"
    >
      <BrandLogo size={96} />
      <Typography variant="h6" component="p">
        {t('placeholder.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 360 }}>
        {t('placeholder.text')}
      </Typography>
    </Stack>
  );
}
