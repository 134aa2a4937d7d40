import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { authApi } from '../api/auth-api.ts';

const sessionsKey = ['auth', 'sessions'] as const;

/** The user's signed-in devices: each can be signed out, or all but this one. */
export function SessionsSection() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: authApi.sessions });
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (failure) {
      notifyError(failure);
    }
    await queryClient.invalidateQueries({ queryKey: sessionsKey });
  };

  return (
    <Stack spacing={1} data-testid="sessions-section">
      <Typography variant="subtitle2">{t('sessions.title')}</Typography>
      <List dense disablePadding data-testid="sessions-list">
        {sessions.data?.map((session) => (
          <ListItem
            key={session.id}
            disableGutters
            data-testid="session-row"
            secondaryAction={
              session.current ? (
                <Typography variant="caption" color="primary">
                  {t('sessions.thisDevice')}
                </Typography>
              ) : (
                <Button size="small" color="error" onClick={() => void run(() => authApi.endSession(session.id))}>
                  {t('sessions.signOut')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={session.browser ?? t('sessions.unknownBrowser')}
              secondary={t('sessions.detail', {
                ip: session.ip ?? '?',
                first: formatDateTime(session.createdAt),
                last: formatDateTime(session.lastSeenAt),
              })}
              sx={{ pr: 10 }}
            />
          </ListItem>
        ))}
      </List>
      {others.length > 0 && (
        <Button
          variant="outlined"
          color="error"
          onClick={() => void run(authApi.endOtherSessions)}
          data-testid="sessions-end-others"
        >
          {t('sessions.signOutOthers')}
        </Button>
      )}
    </Stack>
  );
}
