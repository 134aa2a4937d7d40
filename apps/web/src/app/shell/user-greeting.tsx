import Typography from '@mui/material/Typography';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { Trans, useTranslation } from 'react-i18next';
import { useSessionUser } from '../../features/auth/hooks/use-auth.ts';
import { formatDate } from '../../lib/format.ts';

/** "Hello, name" — admins also read when the subscription expires. */
export function UserGreeting() {
  const { t } = useTranslation('shell');
  const user = useSessionUser();
  const dueDate = hasPermission(user, 'drawer-admin-items:view') ? formatDate(user.company.dueDate) : '';
  return (
    <Typography variant="body2" noWrap sx={{ minWidth: 0 }} data-testid="greeting">
      <Trans t={t} i18nKey="topBar.greeting" values={{ name: user.name }} components={{ strong: <strong /> }} />
      {dueDate && (
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: { xs: 'none', md: 'inline' } }}
        >
          {', '}
          {t('topBar.dueDate', { date: dueDate })}
        </Typography>
      )}
    </Typography>
  );
}
