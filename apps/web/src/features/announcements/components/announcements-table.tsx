import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { Announcement } from '@wacrm/shared/announcements/announcement.schema';
import { useTranslation } from 'react-i18next';
import { PriorityChip } from './priority-chip.tsx';

interface AnnouncementsTableProps {
  records: Announcement[];
  onEdit: (announcement: Announcement) => void;
  onDelete: (announcement: Announcement) => void;
}

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };

/** spec: title, priority, media name, status and actions. */
export function AnnouncementsTable({ records, onEdit, onDelete }: AnnouncementsTableProps) {
  const { t } = useTranslation('announcements');
  return (
    <Table stickyHeader size="small" data-testid="announcements-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('fields.title')}</TableCell>
          <TableCell align="center">{t('fields.priority')}</TableCell>
          <TableCell sx={hideOnPhone}>{t('fields.media')}</TableCell>
          <TableCell align="center" sx={hideOnPhone}>
            {t('fields.status')}
          </TableCell>
          <TableCell align="right">{t('fields.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((announcement) => (
          <TableRow key={announcement.id} hover data-testid="announcement-row">
            <TableCell
              sx={{
                maxWidth: { xs: 150, sm: 320 },
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: { xs: 'normal', sm: 'nowrap' },
                wordBreak: { xs: 'break-word', sm: 'normal' },
              }}
            >
              {announcement.title}
            </TableCell>
            <TableCell align="center">
              <PriorityChip priority={announcement.priority} />
            </TableCell>
            <TableCell sx={{ ...hideOnPhone, maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {announcement.mediaName ?? '—'}
            </TableCell>
            <TableCell align="center" sx={hideOnPhone}>
              <Chip
                size="small"
                color={announcement.status ? 'success' : 'default'}
                variant={announcement.status ? 'filled' : 'outlined'}
                label={announcement.status ? t('status.active') : t('status.inactive')}
              />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('actions.edit')}>
                <IconButton size="small" onClick={() => onEdit(announcement)} aria-label={t('actions.edit')}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('actions.delete')}>
                <IconButton
                  size="small"
                  onClick={() => onDelete(announcement)}
                  aria-label={t('actions.delete')}
                  data-testid="announcement-delete"
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
