import HourglassBottomOutlined from '@mui/icons-material/HourglassBottomOutlined';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { bannerDaysLeft, useSessionUser } from '../../auth/index.ts';

/**
 * spec: "Subscription banner shows the trial period in days". Shown in the shell while the
 * company's due date is 7 days away or closer (a new 3-day trial shows it from the start). It says
 * whether the trial or the subscription ends, and is the only due-date warning on screen.
 */
export function SubscriptionBanner() {
  const { t } = useTranslation('subscription');
  const user = useSessionUser();
  const days = bannerDaysLeft(user.company.dueDate);
  if (days === null) return null;
  const kind = user.company.isTrial ? 'trial' : 'subscription';
  return (
    <Alert
      severity={days <= 1 ? 'warning' : 'info'}
      icon={<HourglassBottomOutlined fontSize="inherit" />}
      variant="outlined"
      sx={{ mb: 2, py: 0, alignItems: 'center', bgcolor: 'background.paper' }}
      data-testid="subscription-banner"
    >
      {days === 0 ? t(`banner.${kind}LastDay`) : t(`banner.${kind}DaysLeft`, { count: days })}
    </Alert>
  );
}
