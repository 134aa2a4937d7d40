import AltRouteOutlined from '@mui/icons-material/AltRouteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { QueueRecord } from '@wacrm/shared/queues/queue.schema';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table.tsx';

interface QueuesTableProps {
  queues: QueueRecord[];
  isLoading: boolean;
  /** Admins see the edit and delete actions. */
  canManage: boolean;
  onEdit: (queue: QueueRecord) => void;
  onDelete: (queue: QueueRecord) => Promise<unknown>;
}

/** spec: id, name, colour swatch, order, greeting message, edit and delete. */
export function QueuesTable({ queues, isLoading, canManage, onEdit, onDelete }: QueuesTableProps) {
  const { t } = useTranslation('queues');
  return (
    <DataTable
      rows={queues}
      rowKey={(queue) => queue.id}
      rowProps={(queue) => ({ 'data-testid': 'queue-row', 'data-name': queue.name })}
      testId="queues-table"
      stickyHeader={false}
      columns={[
        {
          id: 'id',
          header: t('columns.id'),
          showFrom: 'sm',
          sx: { color: 'text.secondary' },
          render: (queue) => queue.id,
        },
        {
          id: 'name',
          header: t('columns.name'),
          sx: { maxWidth: { xs: 150, sm: 240 } },
          render: (queue) => (
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
              {queue.name}
            </Typography>
          ),
        },
        {
          id: 'color',
          header: t('columns.color'),
          align: 'center',
          render: (queue) => (
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
          ),
        },
        {
          id: 'order',
          header: t('columns.order'),
          align: 'center',
          showFrom: 'sm',
          render: (queue) => queue.orderQueue ?? '—',
        },
        {
          id: 'greeting',
          header: t('columns.greeting'),
          showFrom: 'md',
          sx: { maxWidth: 360 },
          render: (queue) => (
            <Typography variant="body2" color="text.secondary" noWrap>
              {queue.greetingMessage || '—'}
            </Typography>
          ),
        },
      ]}
      actionsHeader={t('columns.actions')}
      actions={
        canManage
          ? [
              {
                label: t('actions.edit'),
                ariaLabel: (queue) => t('actions.editOf', { name: queue.name }),
                icon: <EditOutlined fontSize="small" />,
                testId: 'queue-edit',
                onClick: onEdit,
              },
            ]
          : []
      }
      deleteAction={
        canManage
          ? {
              label: t('actions.delete'),
              ariaLabel: (queue) => t('actions.deleteOf', { name: queue.name }),
              testId: 'queue-delete',
              confirmTitle: (queue) => t('delete.title', { name: queue.name }),
              confirmMessage: () => t('delete.message'),
              onConfirm: onDelete,
            }
          : undefined
      }
      isLoading={isLoading}
      emptyState={
        <Stack spacing={1} sx={{ alignItems: 'center', py: 8, px: 2, textAlign: 'center' }} data-testid="queues-empty">
          <AltRouteOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography variant="subtitle1">{t('empty')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
            {t('emptyHint')}
          </Typography>
        </Stack>
      }
    />
  );
}
