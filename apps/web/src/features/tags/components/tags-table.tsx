import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { TagRecord } from '@wacrm/shared/tags/tag.schema';
import type { UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TagChip } from './tag-chip.tsx';

interface TagsTableProps {
  tags: TagRecord[];
  isLoading: boolean;
  isFetchingMore: boolean;
  onEndReached: () => void;
  onEdit: (tag: TagRecord) => void;
  onDelete: (tag: TagRecord) => void;
}

/** spec: the next page loads when the list is scrolled within 100 px of its bottom. */
const LOAD_MORE_WITHIN_PX = 100;

export function TagsTable({ tags, isLoading, isFetchingMore, onEndReached, onEdit, onDelete }: TagsTableProps) {
  const { t } = useTranslation(['tags', 'common']);

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (scrollHeight - scrollTop - clientHeight < LOAD_MORE_WITHIN_PX) onEndReached();
  };

  return (
    <Box onScroll={handleScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="tags-scroll">
      <Table stickyHeader size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.name')}</TableCell>
            <TableCell align="center">{t('columns.tickets')}</TableCell>
            <TableCell align="center" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('columns.kanban')}
            </TableCell>
            <TableCell align="right">{t('columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tags.map((tag) => (
            <TableRow key={tag.id} hover data-testid="tag-row" data-tag-name={tag.name}>
              <TableCell sx={{ maxWidth: { xs: 170, sm: 360 } }}>
                <TagChip tag={tag} />
              </TableCell>
              <TableCell align="center" data-testid="tag-tickets-count">
                {tag.ticketsCount}
              </TableCell>
              <TableCell align="center" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {tag.kanban === 1 && (
                  <Tooltip title={t('kanbanLane')}>
                    <ViewKanbanOutlined fontSize="small" color="primary" aria-label={t('kanbanLane')} />
                  </Tooltip>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('actions.edit')}>
                  <IconButton
                    size="small"
                    onClick={() => onEdit(tag)}
                    aria-label={t('actions.edit')}
                    data-testid="tag-edit"
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('actions.delete')}>
                  <IconButton
                    size="small"
                    onClick={() => onDelete(tag)}
                    aria-label={t('actions.delete')}
                    data-testid="tag-delete"
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
          {!isLoading && tags.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} align="center" sx={{ py: 6, color: 'text.secondary' }} data-testid="tags-empty">
                {t('empty')}
              </TableCell>
            </TableRow>
          )}
          {(isLoading || isFetchingMore) && (
            <TableRow>
              <TableCell colSpan={4} align="center" sx={{ py: 3 }}>
                <CircularProgress size={24} aria-label={t('common:loading')} />
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
