import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ConnectionSummary } from '../model/connection-list.ts';
import { CloudWebhookPanel } from './cloud-api-fields.tsx';
import { ConnectionStatus } from './connection-status.tsx';

/**
 * After a Cloud API connection is created: its check at Meta (live, from the list) and the
 * webhook details to paste into Meta's app dashboard.
 */
export function CloudWebhookDialog({
  connection,
  onClose,
}: {
  connection: ConnectionSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['connections', 'common']);
  const webhook =
    connection?.cloudWebhookUrl && connection.cloudVerifyToken
      ? { url: connection.cloudWebhookUrl, verifyToken: connection.cloudVerifyToken }
      : null;
  return (
    <Dialog open={connection !== null} onClose={onClose} maxWidth="sm" fullWidth data-testid="cloud-webhook-dialog">
      <DialogTitle>{t('cloud.createdTitle', { name: connection?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          {connection && (
            <Stack spacing={0.5}>
              <ConnectionStatus status={connection.status} testId="cloud-webhook-status" />
              {connection.statusDetail && (
                <Typography variant="body2" color="error" data-testid="cloud-webhook-status-detail">
                  {connection.statusDetail}
                </Typography>
              )}
            </Stack>
          )}
          {webhook && <CloudWebhookPanel webhook={webhook} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid="cloud-webhook-close">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
