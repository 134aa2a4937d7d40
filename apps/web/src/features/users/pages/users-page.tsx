import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '@wacrm/shared/users/user.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
import { notifyError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { authApi, useSessionUser } from '../../auth/index.ts';
import { usersApi, usersKeys } from '../api/users-api.ts';
import { UserModal } from '../components/user-modal.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { useUserAllowance } from '../hooks/use-user-allowance.ts';
import { useUsersList } from '../hooks/use-users.ts';

/** The users screen: search, infinite list, add, edit and delete (spec §2 "Users"). */
export function UsersPage() {
  const { t } = useTranslation(['users', 'common']);
  const session = useSessionUser();
  const queryClient = useQueryClient();
  // The live event usually arrives first; refetching also covers a socket that is reconnecting.
  const refreshList = () => queryClient.invalidateQueries({ queryKey: usersKeys.all(session.companyId) });
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 500);
  const list = useUsersList(session.companyId, debouncedSearch);
  const allowance = useUserAllowance(session.companyId);
  const [editing, setEditing] = useState<UserRecord | null>(null);
  const [isModalOpen, setModalOpen] = useState(false);

  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  const isAtLimit = allowance.data ? allowance.data.used >= allowance.data.limit : false;

  const handleAdd = () => {
    setEditing(null);
    setModalOpen(true);
  };

  const handleDelete = async (user: UserRecord) => {
    await usersApi.remove(user.id);
    toast.success(t('deleted'));
    refreshList();
  };

  return (
    <>
      <ListPage
        header={
          <ListPageHeader
            title={t('title')}
            count={list.data && (list.data.pages[0]?.count ?? 0)}
            countTestId="users-count"
            search={{
              placeholder: t('search'),
              value: search,
              onChange: setSearch,
              label: t('searchLabel'),
              testId: 'users-search',
            }}
            add={{
              label: t('add'),
              onClick: handleAdd,
              testId: 'users-add',
              icon: <PersonAddAlt1Outlined />,
              isDisabled: isAtLimit,
            }}
          />
        }
        notices={
          isAtLimit &&
          allowance.data && (
            <Alert severity="warning" data-testid="users-limit">
              {t('limitReached', { limit: allowance.data.limit })}
            </Alert>
          )
        }
      >
        <UsersTable
          users={users}
          isLoading={list.isLoading}
          paging={list}
          onEdit={(user) => {
            setEditing(user);
            setModalOpen(true);
          }}
          onDelete={handleDelete}
          onResetTwoFactor={(user) =>
            authApi
              .resetUserTwoFactor(user.id)
              .then(() => toast.success(t('twoFactorReset', { name: user.name })))
              .catch(notifyError)
          }
          onSignOut={(user) =>
            authApi
              .endUserSessions(user.id)
              .then(() => toast.success(t('signedOut', { name: user.name })))
              .catch(notifyError)
          }
        />
      </ListPage>
      <UserModal open={isModalOpen} user={editing} onClose={() => setModalOpen(false)} onSaved={refreshList} />
    </>
  );
}
