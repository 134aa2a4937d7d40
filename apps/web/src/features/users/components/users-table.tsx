import EditOutlined from '@mui/icons-material/EditOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserRecord } from '@wacrm/shared/users/user.schema';
import { useTranslation } from 'react-i18next';
import { DataTable, type PagedQuery } from '../../../components/ui/data-table.tsx';

interface UsersTableProps {
  users: UserRecord[];
  isLoading: boolean;
  paging: PagedQuery;
  onEdit: (user: UserRecord) => void;
  onDelete: (user: UserRecord) => Promise<unknown>;
  /** Account security (issue 53): clear the user's second sign-in step, or sign them out everywhere. */
  onResetTwoFactor: (user: UserRecord) => void;
  onSignOut: (user: UserRecord) => void;
}

export function UsersTable({
  users,
  isLoading,
  paging,
  onEdit,
  onDelete,
  onResetTwoFactor,
  onSignOut,
}: UsersTableProps) {
  const { t } = useTranslation('users');
  return (
    <DataTable
      rows={users}
      rowKey={(user) => user.id}
      rowProps={(user) => ({ 'data-testid': 'user-row', 'data-user-email': user.email })}
      columns={[
        {
          id: 'name',
          header: t('columns.name'),
          render: (user) => (
            <>
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
            </>
          ),
        },
        { id: 'email', header: t('columns.email'), showFrom: 'sm', render: (user) => user.email },
        {
          id: 'profile',
          header: t('columns.profile'),
          align: 'center',
          showFrom: 'sm',
          render: (user) => (
            <Chip
              size="small"
              variant={user.profile === 'admin' ? 'filled' : 'outlined'}
              color={user.profile === 'admin' ? 'primary' : 'default'}
              label={t(`profiles.${user.profile}`)}
            />
          ),
        },
        { id: 'access', header: t('columns.access'), showFrom: 'md', render: (user) => <UserAccess user={user} /> },
      ]}
      actionsHeader={t('columns.actions')}
      actions={[
        { label: t('actions.edit'), icon: <EditOutlined fontSize="small" />, testId: 'user-edit', onClick: onEdit },
        {
          label: t('actions.resetTwoFactor'),
          icon: <LockResetOutlined fontSize="small" />,
          testId: 'user-reset-2fa',
          onClick: onResetTwoFactor,
        },
        {
          label: t('actions.signOut'),
          icon: <LogoutOutlined fontSize="small" />,
          testId: 'user-sign-out',
          onClick: onSignOut,
        },
      ]}
      deleteAction={{
        label: t('actions.delete'),
        testId: 'user-delete',
        confirmTitle: (user) => t('confirmDelete.title', { name: user.name }),
        confirmMessage: () => t('confirmDelete.message'),
        onConfirm: onDelete,
      }}
      isLoading={isLoading}
      paging={paging}
      emptyText={t('empty')}
      emptyTestId="users-empty"
      ariaLabel={t('title')}
      scrollTestId="users-scroll"
    />
  );
}

/** Everything the user may see: all tickets, and the queues. */
function UserAccess({ user }: { user: UserRecord }) {
  const { t } = useTranslation('users');
  return (
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
  );
}
