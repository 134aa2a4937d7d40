import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useSessionUser } from '../../auth/hooks/use-auth.ts';

/** spec: the invoices page shows only the notice that billing is handled outside the product. */
export function FinanceiroPage() {
  const { t } = useTranslation('financeiro');
  const user = useSessionUser();
  const dueDate = formatDate(user.company.dueDate);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: '16px' }} data-testid="billing-notice">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Box
            sx={{
              flexShrink: 0,
              width: 56,
              height: 56,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'primary.main',
            }}
          >
            <CreditCardOutlined fontSize="large" />
          </Box>
          {/* The page spans the width like the others; the text keeps a readable line length. */}
          <Box sx={{ maxWidth: 720 }}>
            <Typography variant="h6" component="h2">
              {t('notice.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('notice.text')}
            </Typography>
            {dueDate && (
              <Typography sx={{ mt: 2 }} data-testid="billing-due-date">
                {t('notice.dueDate', { date: dueDate })}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('notice.contact')}
            </Typography>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
