import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { QueueRecord } from '@wacrm/shared/queues/queue.schema';
import { useTranslation } from 'react-i18next';

interface QueuesTableProps {
  queues: QueueRecord[];
  /** Admins see the edit and delete actions. */
  canManage: boolean;
  onEdit: (queue: QueueRecord) => void;
  onDelete: (queue: QueueRecord) => void;
}

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };
const hideBelowDesktop = { display: { xs: 'none', md: 'table-cell' } };

/** spec: id, name, colour swatch, order, greeting message, edit and delete. */
export function QueuesTable({ queues, canManage, onEdit, onDelete }: QueuesTableProps) {
  const { t } = useTranslation('queues');
  return (
    <Table size="small" data-testid="queues-table">
      <TableHead>
        <TableRow>
          <TableCell sx={hideOnPhone}>{t('columns.id')}</TableCell>
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell align="center">{t('columns.color')}</TableCell>
          <TableCell align="center" sx={hideOnPhone}>
            {t('columns.order')}
          </TableCell>
          <TableCell sx={hideBelowDesktop}>{t('columns.greeting')}</TableCell>
          {canManage && <TableCell align="right">{t('columns.actions')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {queues.map((queue) => (
          <TableRow key={queue.id} hover data-testid="queue-row" data-name={queue.name}>
            <TableCell sx={{ ...hideOnPhone, color: 'text.secondary' }}>{queue.id}</TableCell>
            <TableCell sx={{ maxWidth: { xs: 150, sm: 240 } }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                {queue.name}
              </Typography>
            </TableCell>
            <TableCell align="center">
              <Tooltip title={queue.color}>
                <Box
                  role="img"
                  aria-label={t('columns.colorOf', { color: queue.color })}
                  data-testid="queue-color-swatch"
                  sx={{
                    width: 40,
                    height: 20,
                    mx: 'auto',
                    borderRadius: 1,
                    bgcolor: queue.color,
                    border: 1,
                    borderColor: 'divider',
                  }}
                />
              </Tooltip>
            </TableCell>
            <TableCell align="center" sx={hideOnPhone}>
              {queue.orderQueue ?? '—'}
            </TableCell>
            <TableCell sx={{ ...hideBelowDesktop, maxWidth: 360 }}>
              <Typography variant="body2" color="text.secondary" noWrap>
                {queue.greetingMessage || '—'}
              </Typography>
            </TableCell>
            {canManage && (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('actions.edit')}>
                  <IconButton
                    size="small"
                    aria-label={t('actions.editOf', { name: queue.name })}
                    onClick={() => onEdit(queue)}
                    data-testid="queue-edit"
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('actions.delete')}>
                  <IconButton
                    size="small"
                    aria-label={t('actions.deleteOf', { name: queue.name })}
                    onClick={() => onDelete(queue)}
                    data-testid="queue-delete"
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
