import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { QrCodeView } from '../../../components/ui/qr-code-view.tsx';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { connectionsApi, connectionsKeys } from '../api/connections-api.ts';
import type { ConnectionEvent, ConnectionSummary } from '../model/connection-list.ts';

interface QrCodeDialogProps {
  companyId: number;
  /** The live list entry: its QR follows the session events. */
  connection: ConnectionSummary | null;
  onClose: () => void;
}

/** spec: shows the session's QR code and closes when a live update carries an empty one. */
export function QrCodeDialog({ companyId, connection, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation(['connections', 'common']);
  const id = connection?.id ?? 0;
  const detail = useQuery({
    queryKey: connectionsKeys.detail(id),
    queryFn: () => connectionsApi.find(id),
    enabled: connection !== null,
    staleTime: 0,
  });
  // The list entry is merged from live events, so it is newer than the detail once it has a QR.
  const qrcode = connection?.qrcode || detail.data?.qrcode || '';
  // The connection whose QR this modal has shown: only an emptied QR after that closes it.
  const shownQrFor = useRef<number | null>(null);
  useEffect(() => {
    if (qrcode) shownQrFor.current = id;
  }, [qrcode, id]);

  const handleLiveUpdate = (payload: unknown) => {
    const event = payload as ConnectionEvent;
    const updated = (event.action === 'update' ? (event.whatsapp ?? event.session) : undefined) as
      | ConnectionSummary
      | undefined;
    // A session that is still starting has no QR yet: only an emptied QR closes the modal.
    if (updated?.id === id && !updated.qrcode && (shownQrFor.current === id || updated.status === 'CONNECTED'))
      onClose();
  };
  useSocketEvent(connection ? companyEvent(companyId, 'whatsappSession') : null, handleLiveUpdate);
  useSocketEvent(connection ? companyEvent(companyId, 'whatsapp') : null, handleLiveUpdate);

  const isSandbox = (connection?.provider ?? detail.data?.provider) === 'sandbox';

  return (
    <Dialog open={connection !== null} onClose={onClose} maxWidth="xs" fullWidth data-testid="qr-code-dialog">
      <DialogTitle>{t('qr.title', { name: connection?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'stretch' }}>
            {isSandbox ? t('qr.sandboxHint') : t('qr.hint')}
          </Typography>
          {qrcode ? (
            <QrCodeView value={qrcode} label={t('qr.imageLabel')} />
          ) : (
            <Stack spacing={1.5} sx={{ alignItems: 'center', py: 6 }} data-testid="qr-code-waiting">
              <CircularProgress size={32} />
              <Typography variant="body2" color="text.secondary">
                {t('qr.waiting')}
              </Typography>
            </Stack>
          )}
          {isSandbox && (
            <Button
              component={RouterLink}
              to={`/sandbox/${id}`}
              variant="contained"
              startIcon={<ScienceOutlined />}
              data-testid="qr-open-sandbox"
            >
              {t('qr.openSandbox')}
            </Button>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
