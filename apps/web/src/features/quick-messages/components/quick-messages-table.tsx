import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { QuickMessageRecord } from '@wacrm/shared/quick-messages/quick-message.schema';
import type { UIEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface QuickMessagesTableProps {
  records: QuickMessageRecord[];
  isLoading: boolean;
  isFetchingMore: boolean;
  canManage: (record: QuickMessageRecord) => boolean;
  onEndReached: () => void;
  onEdit: (record: QuickMessageRecord) => void;
  onDelete: (record: QuickMessageRecord) => void;
}

const LOAD_MORE_WITHIN_PX = 100;

export function QuickMessagesTable(props: QuickMessagesTableProps) {
  const { records, isLoading, isFetchingMore, canManage, onEndReached, onEdit, onDelete } = props;
  const { t } = useTranslation(['quickMessages', 'common']);

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (scrollHeight - scrollTop - clientHeight < LOAD_MORE_WITHIN_PX) onEndReached();
  };

  return (
    <Box onScroll={handleScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="quick-messages-scroll">
      <Table stickyHeader size="small" aria-label={t('title')} sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: { xs: 'auto', sm: 180 } }}>{t('columns.shortcode')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('columns.message')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, width: 200 }}>{t('columns.media')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, width: 190 }}>{t('columns.scope')}</TableCell>
            <TableCell align="right" sx={{ width: 96 }}>
              {t('columns.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((record) => {
            const isManageable = canManage(record);
            return (
              <TableRow key={record.id} hover data-testid="quick-message-row" data-shortcode={record.shortcode}>
                <TableCell>
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
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  <Typography variant="body2" noWrap color={record.message ? 'text.primary' : 'text.secondary'}>
                    {record.message || '—'}
                  </Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {record.mediaName ? (
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
                  )}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  <Stack direction="row" spacing={0.5}>
                    <ScopeChips record={record} />
                  </Stack>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={isManageable ? t('actions.edit') : t('adminsOnly')}>
                    <span>
                      <IconButton
                        size="small"
                        disabled={!isManageable}
                        onClick={() => onEdit(record)}
                        aria-label={t('actions.edit')}
                        data-testid="quick-message-edit"
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={isManageable ? t('actions.delete') : t('adminsOnly')}>
                    <span>
                      <IconButton
                        size="small"
                        disabled={!isManageable}
                        onClick={() => onDelete(record)}
                        aria-label={t('actions.delete')}
                        data-testid="quick-message-delete"
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
          {!isLoading && records.length === 0 && (
            <TableRow>
              <TableCell
                colSpan={5}
                align="center"
                sx={{ py: 6, color: 'text.secondary' }}
                data-testid="quick-messages-empty"
              >
                {t('empty')}
              </TableCell>
            </TableRow>
          )}
          {(isLoading || isFetchingMore) && (
            <TableRow>
              <TableCell colSpan={5} align="center" sx={{ py: 3 }}>
                <CircularProgress size={24} aria-label={t('common:loading')} />
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
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
