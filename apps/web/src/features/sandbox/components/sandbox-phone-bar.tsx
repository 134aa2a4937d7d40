import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatPhoneNumber } from '@wacrm/shared/common/phone-display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConnectionStatus, type ConnectionSummary, connectionsApi } from '../../connections/index.ts';
import { sandboxApi } from '../api/sandbox-api.ts';

type PhoneAction = 'scan' | 'disconnect' | 'start';

/** The simulated phone: the connection's live status and what the phone can do in it. */
export function SandboxPhoneBar({ connection }: { connection: ConnectionSummary }) {
  const { t } = useTranslation('sandbox');
  const [busy, setBusy] = useState<PhoneAction | null>(null);
  const { status } = connection;

  const run = async (action: PhoneAction) => {
    setBusy(action);
    try {
      if (action === 'scan') await sandboxApi.scan(connection.id);
      else if (action === 'disconnect') await sandboxApi.disconnect(connection.id);
      else await connectionsApi.startSession(connection.id);
    } catch {
      // The http client has toasted the failure.
    } finally {
      setBusy(null);
    }
  };

  const canStart = status === 'DISCONNECTED' || status === 'TIMEOUT';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
          <Tooltip title={t('back')}>
            <IconButton component={RouterLink} to="/connections" aria-label={t('back')} size="small">
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
          <Stack sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h1" noWrap data-testid="sandbox-title">
              {t('title', { name: connection.name })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <ConnectionStatus status={status} />
              {connection.number && (
                <Typography variant="caption" color="text.secondary" noWrap>
                  · {t('phoneNumber', { number: formatPhoneNumber(connection.number) })}
                </Typography>
              )}
            </Stack>
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, justifyContent: 'flex-end' }}>
          {status === 'qrcode' && (
            <Button
              variant="contained"
              startIcon={<QrCodeScannerIcon />}
              loading={busy === 'scan'}
              onClick={() => void run('scan')}
              data-testid="sandbox-scan"
            >
              {t('scan')}
            </Button>
          )}
          {canStart && (
            <Button
              variant="contained"
              startIcon={<PlayArrowIcon />}
              loading={busy === 'start'}
              onClick={() => void run('start')}
              data-testid="sandbox-start"
            >
              {t('start')}
            </Button>
          )}
          {status === 'CONNECTED' && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<LinkOffIcon />}
              loading={busy === 'disconnect'}
              onClick={() => void run('disconnect')}
              data-testid="sandbox-disconnect"
            >
              {t('disconnect')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
