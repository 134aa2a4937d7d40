import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Switch from '@mui/material/Switch';
import type { FlowRecord } from '@wacrm/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type PagedQuery } from '../../../components/ui/data-table.tsx';

interface FlowsTableProps {
  flows: FlowRecord[];
  isLoading: boolean;
  paging: PagedQuery;
  onOpen: (flow: FlowRecord) => void;
  onRename: (flow: FlowRecord) => void;
  onDuplicate: (flow: FlowRecord) => void;
  onToggle: (flow: FlowRecord) => void;
  onExport: (flow: FlowRecord) => void;
  onDelete: (flow: FlowRecord) => Promise<unknown>;
}

/** Rows of name and Ativo/Desativado; a click opens the editor, the actions stay on the row. */
export function FlowsTable(props: FlowsTableProps) {
  const { t } = useTranslation(['flows', 'common']);
  return (
    <DataTable
      rows={props.flows}
      rowKey={(flow) => flow.id}
      rowProps={(flow) => ({
        sx: { cursor: 'pointer' },
        onClick: () => props.onOpen(flow),
        'data-testid': 'flow-row',
        'data-flow-name': flow.name,
      })}
      columns={[
        { id: 'name', header: t('list.name'), sx: { fontWeight: 500 }, render: (flow) => flow.name },
        {
          id: 'status',
          header: t('list.status'),
          render: (flow) => (
            <>
              <Switch
                size="small"
                checked={flow.active}
                onClick={(event) => event.stopPropagation()}
                onChange={() => props.onToggle(flow)}
                slotProps={{ input: { 'aria-label': t('list.activeSwitch') } }}
              />
              {flow.active ? t('list.active') : t('list.inactive')}
            </>
          ),
        },
      ]}
      actionsHeader={t('list.actions')}
      actions={[
        {
          label: t('list.rename'),
          icon: <EditOutlined fontSize="small" />,
          testId: 'flow-rename',
          onClick: props.onRename,
        },
        {
          label: t('list.duplicate'),
          icon: <ContentCopyOutlined fontSize="small" />,
          testId: 'flow-duplicate',
          onClick: props.onDuplicate,
        },
        {
          label: t('list.export'),
          icon: <DownloadOutlined fontSize="small" />,
          testId: 'flow-export',
          onClick: props.onExport,
        },
      ]}
      deleteAction={{
        label: t('actions.delete'),
        testId: 'flow-delete',
        confirmTitle: () => t('list.deleteTitle'),
        confirmMessage: (flow) => t('list.deleteMessage', { name: flow.name }),
        onConfirm: props.onDelete,
      }}
      isLoading={props.isLoading}
      paging={props.paging}
      emptyText={t('list.empty')}
      ariaLabel={t('list.title')}
    />
  );
}
