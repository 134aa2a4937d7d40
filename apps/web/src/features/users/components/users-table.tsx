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
import type { UserRecord } from '@wacrm/shared/users/user.schema';
import type { UIEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface UsersTableProps {
  users: UserRecord[];
  isLoading: boolean;
  isFetchingMore: boolean;
  onEndReached: () => void;
  onEdit: (user: UserRecord) => void;
  onDelete: (user: UserRecord) => void;
}

/** spec: the next page loads when the list is scrolled within 100 px of its bottom. */
const LOAD_MORE_WITHIN_PX = 100;

export function UsersTable({ users, isLoading, isFetchingMore, onEndReached, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation('users');

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (scrollHeight - scrollTop - clientHeight < LOAD_MORE_WITHIN_PX) onEndReached();
  };

  return (
    <Box onScroll={handleScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="users-scroll">
      <Table stickyHeader size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.name')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('columns.email')}</TableCell>
            <TableCell align="center" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('columns.profile')}
            </TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('columns.access')}</TableCell>
            <TableCell align="right">{t('columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover data-testid="user-row" data-user-email={user.email}>
              <TableCell>
                <Typography variant="body2" noWrap sx={{ fontWeight: 500, maxWidth: { xs: 220, sm: 260 } }}>
                  {user.name}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  noWrap
                  sx={{ display: { xs: 'block', sm: 'none' }, maxWidth: 220 }}
                >
                  {t(`profiles.${user.profile}`)} · {user.email}
                </Typography>
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{user.email}</TableCell>
              <TableCell align="center" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                <Chip
                  size="small"
                  variant={user.profile === 'admin' ? 'filled' : 'outlined'}
                  color={user.profile === 'admin' ? 'primary' : 'default'}
                  label={t(`profiles.${user.profile}`)}
                />
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                  {user.allTicket === 'enabled' && (
                    <Chip size="small" color="success" variant="outlined" label={t('allTicketShort')} />
                  )}
                  {user.queues.map((queue) => (
                    <Chip key={queue.id} size="small" label={queue.name} sx={{ bgcolor: queue.color, color: '#fff' }} />
                  ))}
                  {user.allTicket !== 'enabled' && user.queues.length === 0 && (
                    <Typography variant="caption" color="text.secondary">
                      {t('noQueues')}
                    </Typography>
                  )}
                </Stack>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('actions.edit')}>
                  <IconButton
                    size="small"
                    onClick={() => onEdit(user)}
                    aria-label={t('actions.edit')}
                    data-testid="user-edit"
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('actions.delete')}>
                  <IconButton
                    size="small"
                    onClick={() => onDelete(user)}
                    aria-label={t('actions.delete')}
                    data-testid="user-delete"
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
          {!isLoading && users.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} align="center" sx={{ py: 6, color: 'text.secondary' }} data-testid="users-empty">
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
