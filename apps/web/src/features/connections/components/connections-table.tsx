import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import StarRounded from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ConnectionSummary } from '../model/connection-list.ts';
import { formatLastUpdate } from '../model/session-actions.ts';
import { ConnectionStatus } from './connection-status.tsx';
import { SessionActions } from './session-actions.tsx';

interface ConnectionsTableProps {
  connections: ConnectionSummary[];
  canUseSession: boolean;
  canEdit: boolean;
  onShowQr: (connection: ConnectionSummary) => void;
  onEdit: (connection: ConnectionSummary) => void;
  onDelete: (connection: ConnectionSummary) => void;
}

const hideOnPhone = { display: { xs: 'none', md: 'table-cell' } };
// On a phone the status sits under the name, so the row fits 390 px.
const hideOnSmallPhone = { display: { xs: 'none', sm: 'table-cell' } };

/** spec: name, status, session, last update (dd/MM/yy HH:mm), default, actions. */
export function ConnectionsTable({
  connections,
  canUseSession,
  canEdit,
  onShowQr,
  onEdit,
  onDelete,
}: ConnectionsTableProps) {
  const { t } = useTranslation('connections');
  return (
    <Table size="small" data-testid="connections-table" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell sx={hideOnSmallPhone}>{t('columns.status')}</TableCell>
          {canUseSession && <TableCell>{t('columns.session')}</TableCell>}
          <TableCell sx={hideOnPhone}>{t('columns.lastUpdate')}</TableCell>
          <TableCell align="center" sx={hideOnPhone}>
            {t('columns.default')}
          </TableCell>
          {canEdit && <TableCell align="right">{t('columns.actions')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {connections.map((connection) => (
          <TableRow key={connection.id} hover data-testid="connection-row" data-name={connection.name}>
            <TableCell sx={{ maxWidth: { xs: 170, sm: 260 } }}>
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', maxWidth: '100%' }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                    {connection.name}
                  </Typography>
                  {connection.isDefault && (
                    <StarRounded
                      color="warning"
                      sx={{ fontSize: 18, display: { md: 'none' } }}
                      aria-label={t('isDefault')}
                    />
                  )}
                </Stack>
                <Box sx={{ display: { sm: 'none' } }}>
                  <ConnectionStatus status={connection.status} testId="connection-status-phone" />
                </Box>
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
            </TableCell>
            <TableCell sx={hideOnSmallPhone}>
              <ConnectionStatus status={connection.status} />
            </TableCell>
            {canUseSession && (
              <TableCell>
                <SessionActions connection={connection} onShowQr={onShowQr} />
              </TableCell>
            )}
            <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>
              {formatLastUpdate(connection.updatedAt)}
            </TableCell>
            <TableCell align="center" sx={hideOnPhone}>
              {connection.isDefault && (
                <Tooltip title={t('isDefault')}>
                  <StarRounded
                    color="warning"
                    fontSize="small"
                    aria-label={t('isDefault')}
                    data-testid="connection-default-flag"
                  />
                </Tooltip>
              )}
            </TableCell>
            {canEdit && (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('actions.edit')}>
                  <IconButton
                    size="small"
                    onClick={() => onEdit(connection)}
                    aria-label={t('actions.edit')}
                    data-testid="connection-edit"
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('actions.delete')}>
                  <IconButton
                    size="small"
                    onClick={() => onDelete(connection)}
                    aria-label={t('actions.delete')}
                    data-testid="connection-delete"
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
