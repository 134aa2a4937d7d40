import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSessionUser } from '../../auth/index.ts';
import { subscriptionApi, subscriptionKeys } from '../api/subscription-api.ts';
import { CheckoutDialog } from '../components/checkout-dialog.tsx';
import { usePaymentConfirmed } from '../hooks/use-payment-confirmed.ts';
import { trialDaysLeft } from '../model/checkout-data.ts';

/** spec "Subscription page": trial days left, the billing email (read-only) and "sign now". */
export function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  const user = useSessionUser();
  const [isOpen, setIsOpen] = useState(false);
  const overview = useQuery({ queryKey: subscriptionKeys.overview(), queryFn: subscriptionApi.overview });
  usePaymentConfirmed();
  if (!overview.data) return <CenteredSpinner />;
  const { data } = overview;
  const days = trialDaysLeft(data.dueDate);
  const statusLine = () => {
    if (days === 0) return user.company.isTrial ? t('trialOver') : t('expiredOn', { date: formatDate(data.dueDate) });
    return user.company.isTrial
      ? t('trialDaysLeft', { count: days })
      : t('paidUntil', { date: formatDate(data.dueDate) });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: '16px', maxWidth: 640 }}>
        <Stack spacing={2.5}>
          <Typography variant="h6" component="p" data-testid="subscription-days">
            {statusLine()}
          </Typography>
          <TextField
            label={t('billingEmail')}
            value={data.email ?? ''}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'subscription-email' } }}
            fullWidth
          />
          {!data.paymentsConfigured && (
            <Alert severity="info" data-testid="payments-not-configured">
              {t('notConfigured')}
            </Alert>
          )}
          <Button
            variant="contained"
            size="large"
            onClick={() => setIsOpen(true)}
            disabled={!data.paymentsConfigured}
            data-testid="subscription-sign-now"
            sx={{ alignSelf: { sm: 'flex-start' } }}
          >
            {t('signNow')}
          </Button>
        </Stack>
      </Paper>
      <CheckoutDialog
        open={isOpen}
        onClose={() => setIsOpen(false)}
        currentPlanId={data.planId}
        dueDate={data.dueDate}
      />
    </Stack>
  );
}
