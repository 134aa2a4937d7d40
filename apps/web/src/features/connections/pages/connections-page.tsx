import AddIcon from '@mui/icons-material/Add';
import PhonelinkSetupOutlined from '@mui/icons-material/PhonelinkSetupOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/hooks/use-auth.ts';
import { connectionsApi, connectionsKeys } from '../api/connections-api.ts';
import { ConnectionDialog } from '../components/connection-dialog.tsx';
import { ConnectionsTable } from '../components/connections-table.tsx';
import { QrCodeDialog } from '../components/qr-code-dialog.tsx';
import { useConnectionUsage } from '../hooks/use-connection-usage.ts';
import { useConnections } from '../hooks/use-connections.ts';
import type { ConnectionSummary } from '../model/connection-list.ts';

export function ConnectionsPage() {
  const { t } = useTranslation('connections');
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const query = useConnections(user.companyId);
  const connections = query.data ?? [];
  const limit = useConnectionUsage(user.companyId, query.data?.length);
  const canAdd = hasPermission(user, 'connections-page:addConnection');
  const canEdit = hasPermission(user, 'connections-page:editOrDeleteConnection');
  const canUseSession = hasPermission(user, 'connections-page:actionButtons');
  const [formState, setFormState] = useState<{ id: number | null } | null>(null);
  const [qrConnectionId, setQrConnectionId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ConnectionSummary | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const qrConnection = connections.find((item) => item.id === qrConnectionId) ?? null;

  const handleConfirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await connectionsApi.remove(deleting.id);
      toast.success(t('toasts.deleted'));
      void queryClient.invalidateQueries({ queryKey: connectionsKeys.all });
      setDeleting(null);
    } catch {
      // The http client has toasted the failure.
    } finally {
      setIsDeleting(false);
    }
  };

  const addButton = canAdd && (
    <Tooltip title={limit?.isReached ? t('limitReachedShort') : ''}>
      <span>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setFormState({ id: null })}
          disabled={limit?.isReached}
          data-testid="connection-add"
        >
          {t('add')}
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }} data-testid="connections-title">
          {t('title')}
        </Typography>
        {addButton}
      </Stack>
      {canAdd && limit?.isReached && (
        <Alert severity="warning" data-testid="connections-limit">
          {t('limitReached', { count: limit.limit })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        {query.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress size={32} />
          </Box>
        ) : query.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('toasts.errorList')}
          </Alert>
        ) : connections.length === 0 ? (
          <Stack
            spacing={1}
            sx={{ alignItems: 'center', py: 8, px: 2, textAlign: 'center' }}
            data-testid="connections-empty"
          >
            <PhonelinkSetupOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
            <Typography variant="subtitle1">{t('empty')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
              {t('emptyHint')}
            </Typography>
          </Stack>
        ) : (
          <ConnectionsTable
            connections={connections}
            canUseSession={canUseSession}
            canEdit={canEdit}
            onShowQr={(connection) => setQrConnectionId(connection.id)}
            onEdit={(connection) => setFormState({ id: connection.id })}
            onDelete={setDeleting}
          />
        )}
      </Paper>
      <ConnectionDialog
        open={formState !== null}
        connectionId={formState?.id ?? null}
        onClose={() => setFormState(null)}
        onCreated={setQrConnectionId}
      />
      <QrCodeDialog companyId={user.companyId} connection={qrConnection} onClose={() => setQrConnectionId(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        confirmLabel={t('actions.delete')}
        isBusy={isDeleting}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('delete.message', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
