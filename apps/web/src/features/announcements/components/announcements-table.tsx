import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Announcement } from '@wacrm/shared/announcements/announcement.schema';
import { useTranslation } from 'react-i18next';
import { DataTable, type PagedQuery } from '../../../components/ui/data-table.tsx';
import { PriorityChip } from './priority-chip.tsx';

interface AnnouncementsTableProps {
  records: Announcement[];
  isLoading: boolean;
  paging: PagedQuery;
  /** The search applied, which changes what the empty screen says. */
  search: string;
  onEdit: (announcement: Announcement) => void;
  onDelete: (announcement: Announcement) => Promise<unknown>;
}

/** spec: title, priority, media name, status and actions. */
export function AnnouncementsTable({ records, isLoading, paging, search, onEdit, onDelete }: AnnouncementsTableProps) {
  const { t } = useTranslation('announcements');
  return (
    <DataTable
      rows={records}
      rowKey={(announcement) => announcement.id}
      rowProps={() => ({ 'data-testid': 'announcement-row' })}
      testId="announcements-table"
      columns={[
        {
          id: 'title',
          header: t('fields.title'),
          sx: {
            maxWidth: { xs: 150, sm: 320 },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: { xs: 'normal', sm: 'nowrap' },
            wordBreak: { xs: 'break-word', sm: 'normal' },
          },
          render: (announcement) => announcement.title,
        },
        {
          id: 'priority',
          header: t('fields.priority'),
          align: 'center',
          render: (announcement) => <PriorityChip priority={announcement.priority} />,
        },
        {
          id: 'media',
          header: t('fields.media'),
          showFrom: 'sm',
          sx: { maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' },
          render: (announcement) => announcement.mediaName ?? '—',
        },
        {
          id: 'status',
          header: t('fields.status'),
          align: 'center',
          showFrom: 'sm',
          render: (announcement) => (
            <Chip
              size="small"
              color={announcement.status ? 'success' : 'default'}
              variant={announcement.status ? 'filled' : 'outlined'}
              label={announcement.status ? t('status.active') : t('status.inactive')}
            />
          ),
        },
      ]}
      actionsHeader={t('fields.actions')}
      actions={[{ label: t('actions.edit'), icon: <EditOutlined fontSize="small" />, onClick: onEdit }]}
      deleteAction={{
        label: t('actions.delete'),
        testId: 'announcement-delete',
        confirmTitle: () => t('delete.title'),
        confirmMessage: (announcement) => t('delete.message', { title: announcement.title }),
        onConfirm: onDelete,
      }}
      isLoading={isLoading}
      paging={paging}
      emptyState={
        <Stack
          spacing={1}
          sx={{ alignItems: 'center', py: 8, px: 2, textAlign: 'center' }}
          data-testid="announcements-empty-state"
        >
          <CampaignOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography variant="subtitle1">{search ? t('page.noResults') : t('page.empty')}</Typography>
          {!search && (
            <Typography variant="body2" color="text.secondary">
              {t('page.emptyHint')}
            </Typography>
          )}
        </Stack>
      }
    />
  );
}
