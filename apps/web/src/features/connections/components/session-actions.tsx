import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { connectionsApi } from '../api/connections-api.ts';
import type { ConnectionSummary } from '../model/connection-list.ts';
import { type SessionAction, sessionActionsFor } from '../model/session-actions.ts';

interface SessionActionsProps {
  connection: ConnectionSummary;
  onShowQr: (connection: ConnectionSummary) => void;
}

const calls: Record<Exclude<SessionAction, 'showQr' | 'connecting'>, (id: number) => Promise<unknown>> = {
  retry: connectionsApi.startSession,
  newQr: connectionsApi.renewQr,
  disconnect: connectionsApi.disconnectSession,
};

/** The session buttons a status offers (spec: Connection states); the list follows by socket events. */
export function SessionActions({ connection, onShowQr }: SessionActionsProps) {
  const { t } = useTranslation('connections');
  const [busy, setBusy] = useState<SessionAction | null>(null);

  const run = async (action: SessionAction) => {
    if (action === 'showQr') return onShowQr(connection);
    if (action === 'connecting') return;
    setBusy(action);
    try {
      await calls[action](connection.id);
      // A new QR is shown as soon as the session answers it.
      if (action === 'newQr') onShowQr(connection);
    } catch {
      // The http client has toasted the failure.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {sessionActionsFor(connection.status, connection.provider).map((action) => (
        <Button
          key={action}
          size="small"
          variant={action === 'disconnect' || action === 'newQr' ? 'outlined' : 'contained'}
          color={action === 'disconnect' ? 'error' : 'primary'}
          disabled={action === 'connecting' || busy !== null}
          loading={busy === action}
          onClick={() => void run(action)}
          data-testid={`connection-session-${action}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t(`session.${action}`)}
        </Button>
      ))}
    </Stack>
  );
}
