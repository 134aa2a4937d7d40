import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { useSessionUser } from '../../features/auth/hooks/use-auth.ts';
import { greetingDueDate } from './greeting-due-date.ts';

/** "Hello, name" — admins also read when the trial or the subscription ends. */
export function UserGreeting() {
  const { t } = useTranslation('shell');
  const user = useSessionUser();
  const dueDate = greetingDueDate(user);
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
          {t(dueDate.key, { date: dueDate.date })}
        </Typography>
      )}
    </Typography>
  );
}
