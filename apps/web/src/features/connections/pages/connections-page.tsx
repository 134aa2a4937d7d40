import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
import { connectionsApi, connectionsKeys } from '../api/connections-api.ts';
import { CloudWebhookDialog } from '../components/cloud-webhook-dialog.tsx';
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
  const qrConnection = connections.find((item) => item.id === qrConnectionId) ?? null;
  // A new Cloud API connection shows its webhook details instead of a QR code.
  const [webhookConnectionId, setWebhookConnectionId] = useState<number | null>(null);
  const webhookConnection = connections.find((item) => item.id === webhookConnectionId) ?? null;

  const handleDelete = async (connection: ConnectionSummary) => {
    await connectionsApi.remove(connection.id);
    toast.success(t('toasts.deleted'));
    void queryClient.invalidateQueries({ queryKey: connectionsKeys.all });
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
    <>
      <ListPage
        isFullHeight={false}
        header={<ListPageHeader title={t('title')} titleTestId="connections-title" actions={addButton} />}
        notices={
          canAdd &&
          limit?.isReached && (
            <Alert severity="warning" data-testid="connections-limit">
              {t('limitReached', { count: limit.limit })}
            </Alert>
          )
        }
      >
        {query.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('toasts.errorList')}
          </Alert>
        ) : (
          <ConnectionsTable
            connections={connections}
            isLoading={query.isPending}
            canUseSession={canUseSession}
            canEdit={canEdit}
            onShowQr={(connection) => setQrConnectionId(connection.id)}
            onEdit={(connection) => setFormState({ id: connection.id })}
            onDelete={handleDelete}
          />
        )}
      </ListPage>
      <ConnectionDialog
        open={formState !== null}
        connectionId={formState?.id ?? null}
        onClose={() => setFormState(null)}
        onCreated={(created) =>
          created.provider === 'cloudapi' ? setWebhookConnectionId(created.id) : setQrConnectionId(created.id)
        }
      />
      <QrCodeDialog companyId={user.companyId} connection={qrConnection} onClose={() => setQrConnectionId(null)} />
      <CloudWebhookDialog connection={webhookConnection} onClose={() => setWebhookConnectionId(null)} />
    </>
  );
}
