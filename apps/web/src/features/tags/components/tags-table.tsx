import EditOutlined from '@mui/icons-material/EditOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { TagRecord } from '@wacrm/shared/tags/tag.schema';
import { useTranslation } from 'react-i18next';
import { DataTable, type PagedQuery } from '../../../components/ui/data-table.tsx';
import { TagChip } from './tag-chip.tsx';

interface TagsTableProps {
  tags: TagRecord[];
  isLoading: boolean;
  paging: PagedQuery;
  onEdit: (tag: TagRecord) => void;
  onDelete: (tag: TagRecord) => Promise<unknown>;
}

export function TagsTable({ tags, isLoading, paging, onEdit, onDelete }: TagsTableProps) {
  const { t } = useTranslation(['tags', 'common']);
  // pt counts 0 as singular ("0 ticket"): an unused tag gets its own sentence.
  const deleteMessage = (tag: TagRecord) =>
    tag.ticketsCount === 0 ? t('confirmDelete.messageNone') : t('confirmDelete.message', { count: tag.ticketsCount });

  return (
    <DataTable
      rows={tags}
      rowKey={(tag) => tag.id}
      rowProps={(tag) => ({ 'data-testid': 'tag-row', 'data-tag-name': tag.name })}
      columns={[
        {
          id: 'name',
          header: t('columns.name'),
          sx: { maxWidth: { xs: 170, sm: 360 } },
          render: (tag) => <TagChip tag={tag} />,
        },
        {
          id: 'tickets',
          header: t('columns.tickets'),
          align: 'center',
          testId: 'tag-tickets-count',
          render: (tag) => tag.ticketsCount,
        },
        {
          id: 'kanban',
          header: t('columns.kanban'),
          align: 'center',
          showFrom: 'sm',
          render: (tag) =>
            tag.kanban === 1 && (
              <Tooltip title={t('kanbanLane')}>
                <ViewKanbanOutlined fontSize="small" color="primary" aria-label={t('kanbanLane')} />
              </Tooltip>
            ),
        },
      ]}
      actionsHeader={t('columns.actions')}
      actions={[
        { label: t('actions.edit'), icon: <EditOutlined fontSize="small" />, testId: 'tag-edit', onClick: onEdit },
      ]}
      deleteAction={{
        label: t('actions.delete'),
        testId: 'tag-delete',
        confirmTitle: () => t('confirmDelete.title'),
        confirmMessage: (tag) => (
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <TagChip tag={tag} />
            <span>{deleteMessage(tag)}</span>
          </Stack>
        ),
        onConfirm: onDelete,
      }}
      isLoading={isLoading}
      paging={paging}
      emptyText={t('empty')}
      emptyTestId="tags-empty"
      ariaLabel={t('title')}
      scrollTestId="tags-scroll"
    />
  );
}
