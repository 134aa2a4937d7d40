import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../features/auth/hooks/use-auth.ts';
import { greetingDueDate } from './greeting-due-date.ts';

// Stands for the name while the sentence is split around its <strong> tags, so a name is only
// ever text (never read as markup).
const NAME = '\u0001';

/**
 * The greeting's sentence with its <strong> part in bold. Trans would do it, but brings an HTML
 * parser into the tickets screen's JavaScript for this one sentence.
 */
function GreetingText({ template, name }: { template: string; name: string }) {
  const fill = (text: string) => text.split(NAME).join(name);
  const parts = /^([\s\S]*)<strong>([\s\S]*)<\/strong>([\s\S]*)$/.exec(template);
  if (!parts) return fill(template);
  return (
    <>
      {fill(parts[1])}
      <strong>{fill(parts[2])}</strong>
      {fill(parts[3])}
    </>
  );
}

/** "Hello, name" — admins also read when the trial or the subscription ends. */
export function UserGreeting() {
  const { t } = useTranslation('shell');
  const user = useSessionUser();
  const dueDate = greetingDueDate(user);
  return (
    <Typography variant="body2" noWrap sx={{ minWidth: 0 }} data-testid="greeting">
      <GreetingText template={t('topBar.greeting', { name: NAME })} name={user.name} />
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
