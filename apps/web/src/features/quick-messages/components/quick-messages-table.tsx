import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QuickMessageRecord } from '@wacrm/shared/quick-messages/quick-message.schema';
import { useTranslation } from 'react-i18next';
import { DataTable, type PagedQuery } from '../../../components/ui/data-table.tsx';

interface QuickMessagesTableProps {
  records: QuickMessageRecord[];
  isLoading: boolean;
  paging: PagedQuery;
  canManage: (record: QuickMessageRecord) => boolean;
  onEdit: (record: QuickMessageRecord) => void;
  onDelete: (record: QuickMessageRecord) => Promise<unknown>;
}

export function QuickMessagesTable(props: QuickMessagesTableProps) {
  const { records, isLoading, paging, canManage, onEdit, onDelete } = props;
  const { t } = useTranslation(['quickMessages', 'common']);
  const unmanageableReason = (record: QuickMessageRecord) => (canManage(record) ? undefined : t('adminsOnly'));

  return (
    <DataTable
      rows={records}
      rowKey={(record) => record.id}
      rowProps={(record) => ({ 'data-testid': 'quick-message-row', 'data-shortcode': record.shortcode })}
      tableSx={{ tableLayout: 'fixed' }}
      columns={[
        {
          id: 'shortcode',
          header: t('columns.shortcode'),
          headerSx: { width: { xs: 'auto', sm: 180 } },
          render: (record) => (
            <>
              <Typography variant="body2" noWrap sx={{ fontWeight: 500, fontFamily: 'monospace' }}>
                /{record.shortcode}
              </Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                noWrap
                component="div"
                sx={{ display: { xs: 'block', sm: 'none' } }}
              >
                {record.message || record.mediaName || '—'}
              </Typography>
              <Stack direction="row" spacing={0.5} sx={{ display: { xs: 'flex', sm: 'none' }, mt: 0.5 }}>
                <ScopeChips record={record} />
              </Stack>
            </>
          ),
        },
        {
          id: 'message',
          header: t('columns.message'),
          showFrom: 'sm',
          render: (record) => (
            <Typography variant="body2" noWrap color={record.message ? 'text.primary' : 'text.secondary'}>
              {record.message || '—'}
            </Typography>
          ),
        },
        {
          id: 'media',
          header: t('columns.media'),
          showFrom: 'md',
          headerSx: { width: 200 },
          render: (record) =>
            record.mediaName ? (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                <AttachFileOutlined fontSize="small" color="action" />
                <Typography variant="body2" noWrap data-testid="quick-message-media-name">
                  {record.mediaName}
                </Typography>
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                —
              </Typography>
            ),
        },
        {
          id: 'scope',
          header: t('columns.scope'),
          showFrom: 'sm',
          headerSx: { width: 190 },
          render: (record) => (
            <Stack direction="row" spacing={0.5}>
              <ScopeChips record={record} />
            </Stack>
          ),
        },
      ]}
      actionsHeader={t('columns.actions')}
      actionsHeaderSx={{ width: 96 }}
      actions={[
        {
          label: t('actions.edit'),
          icon: <EditOutlined fontSize="small" />,
          testId: 'quick-message-edit',
          disabledReason: unmanageableReason,
          onClick: onEdit,
        },
      ]}
      deleteAction={{
        label: t('actions.delete'),
        testId: 'quick-message-delete',
        disabledReason: unmanageableReason,
        confirmTitle: (record) => t('confirmDelete.title', { shortcode: record.shortcode }),
        confirmMessage: () => t('confirmDelete.message'),
        onConfirm: onDelete,
      }}
      isLoading={isLoading}
      paging={paging}
      emptyText={t('empty')}
      emptyTestId="quick-messages-empty"
      ariaLabel={t('title')}
      scrollTestId="quick-messages-scroll"
    />
  );
}

function ScopeChips({ record }: { record: QuickMessageRecord }) {
  const { t } = useTranslation('quickMessages');
  return (
    <>
      <Chip
        size="small"
        variant={record.geral ? 'filled' : 'outlined'}
        color={record.geral ? 'primary' : 'default'}
        label={t(record.geral ? 'scope.company' : 'scope.personal')}
      />
      {!record.status && <Chip size="small" variant="outlined" color="warning" label={t('status.inactive')} />}
    </>
  );
}
