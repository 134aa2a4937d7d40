import EditOutlined from '@mui/icons-material/EditOutlined';
import PhonelinkSetupOutlined from '@mui/icons-material/PhonelinkSetupOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import StarRounded from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import type { ConnectionSummary } from '../model/connection-list.ts';
import { formatLastUpdate } from '../model/session-actions.ts';
import { ConnectionStatus } from './connection-status.tsx';
import { SessionActions } from './session-actions.tsx';

interface ConnectionsTableProps {
  connections: ConnectionSummary[];
  isLoading: boolean;
  canUseSession: boolean;
  canEdit: boolean;
  onShowQr: (connection: ConnectionSummary) => void;
  onEdit: (connection: ConnectionSummary) => void;
  onDelete: (connection: ConnectionSummary) => Promise<unknown>;
}

/** spec: name, status, session, last update (dd/MM/yy HH:mm), default, actions. */
export function ConnectionsTable(props: ConnectionsTableProps) {
  const { canUseSession, canEdit } = props;
  const { t } = useTranslation('connections');
  const columns: DataTableColumn<ConnectionSummary>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      sx: { maxWidth: { xs: 170, sm: 260 } },
      render: (connection) => <ConnectionName connection={connection} />,
    },
    // On a phone the status sits under the name, so the row fits 390 px.
    {
      id: 'status',
      header: t('columns.status'),
      showFrom: 'sm',
      render: (connection) => <ConnectionStatus status={connection.status} detail={connection.statusDetail} />,
    },
    ...(canUseSession
      ? [
          {
            id: 'session',
            header: t('columns.session'),
            render: (connection: ConnectionSummary) => (
              <SessionActions connection={connection} onShowQr={props.onShowQr} />
            ),
          },
        ]
      : []),
    {
      id: 'lastUpdate',
      header: t('columns.lastUpdate'),
      showFrom: 'md',
      sx: { whiteSpace: 'nowrap' },
      render: (connection) => formatLastUpdate(connection.updatedAt),
    },
    {
      id: 'default',
      header: t('columns.default'),
      align: 'center',
      showFrom: 'md',
      render: (connection) =>
        connection.isDefault && (
          <Tooltip title={t('isDefault')}>
            <StarRounded
              color="warning"
              fontSize="small"
              aria-label={t('isDefault')}
              data-testid="connection-default-flag"
            />
          </Tooltip>
        ),
    },
  ];

  return (
    <DataTable
      rows={props.connections}
      rowKey={(connection) => connection.id}
      rowProps={(connection) => ({ 'data-testid': 'connection-row', 'data-name': connection.name })}
      testId="connections-table"
      stickyHeader={false}
      tableSx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
      columns={columns}
      actionsHeader={t('columns.actions')}
      actions={
        canEdit
          ? [
              {
                label: t('actions.edit'),
                icon: <EditOutlined fontSize="small" />,
                testId: 'connection-edit',
                onClick: props.onEdit,
              },
            ]
          : []
      }
      deleteAction={
        canEdit
          ? {
              label: t('actions.delete'),
              testId: 'connection-delete',
              confirmTitle: () => t('delete.title'),
              confirmMessage: (connection) => t('delete.message', { name: connection.name }),
              onConfirm: props.onDelete,
            }
          : undefined
      }
      isLoading={props.isLoading}
      emptyState={
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
      }
    />
  );
}

/** The name with, on a phone, the status and the default star beside or under it; a sandbox gets its link. */
function ConnectionName({ connection }: { connection: ConnectionSummary }) {
  const { t } = useTranslation('connections');
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', maxWidth: '100%' }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
          {connection.name}
        </Typography>
        {connection.isDefault && (
          <StarRounded color="warning" sx={{ fontSize: 18, display: { md: 'none' } }} aria-label={t('isDefault')} />
        )}
      </Stack>
      <Box sx={{ display: { sm: 'none' } }}>
        <ConnectionStatus
          status={connection.status}
          detail={connection.statusDetail}
          testId="connection-status-phone"
        />
      </Box>
      {connection.provider === 'cloudapi' && (
        <Chip
          size="small"
          variant="outlined"
          label={t('provider.cloudapiShort')}
          data-testid="connection-cloudapi-chip"
        />
      )}
      {connection.provider === 'sandbox' && (
        <Chip
          size="small"
          variant="outlined"
          color="primary"
          icon={<ScienceOutlined />}
          label={t('openSandbox')}
          component={RouterLink}
          to={`/sandbox/${connection.id}`}
          clickable
          data-testid="connection-open-sandbox"
        />
      )}
    </Stack>
  );
}
