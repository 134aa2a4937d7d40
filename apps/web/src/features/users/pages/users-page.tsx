import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '@wacrm/shared/users/user.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/hooks/use-auth.ts';
import { usersApi, usersKeys } from '../api/users-api.ts';
import { UserModal } from '../components/user-modal.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
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
  const [deleting, setDeleting] = useState<UserRecord | null>(null);
  const [isDeleteBusy, setDeleteBusy] = useState(false);

  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  const isAtLimit = allowance.data ? allowance.data.used >= allowance.data.limit : false;

  const handleEndReached = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) list.fetchNextPage();
  };

  const handleAdd = () => {
    setEditing(null);
    setModalOpen(true);
  };

  const handleConfirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await usersApi.remove(deleting.id);
      toast.success(t('deleted'));
      setDeleting(null);
      refreshList();
    } catch {
      // The http client already toasted the coded error.
    } finally {
      setDeleteBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ height: { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 112px)' }, minHeight: 360 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('title')}
          {list.data && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }} data-testid="users-count">
              ({list.data.pages[0]?.count ?? 0})
            </Typography>
          )}
        </Typography>
        <SearchField
          placeholder={t('search')}
          value={search}
          onChange={setSearch}
          label={t('searchLabel')}
          testId="users-search"
        />
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Outlined />}
          onClick={handleAdd}
          disabled={isAtLimit}
          data-testid="users-add"
        >
          {t('add')}
        </Button>
      </Stack>
      {isAtLimit && allowance.data && (
        <Alert severity="warning" data-testid="users-limit">
          {t('limitReached', { limit: allowance.data.limit })}
        </Alert>
      )}
      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        <UsersTable
          users={users}
          isLoading={list.isLoading}
          isFetchingMore={list.isFetchingNextPage}
          onEndReached={handleEndReached}
          onEdit={(user) => {
            setEditing(user);
            setModalOpen(true);
          }}
          onDelete={setDeleting}
        />
      </Paper>
      <UserModal open={isModalOpen} user={editing} onClose={() => setModalOpen(false)} onSaved={refreshList} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDelete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        isBusy={isDeleteBusy}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
}
