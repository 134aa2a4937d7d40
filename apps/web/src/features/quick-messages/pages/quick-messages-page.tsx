import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { QuickMessageRecord } from '@wacrm/shared/quick-messages/quick-message.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/hooks/use-auth.ts';
import { useDebouncedValue } from '../../tags/hooks/use-debounced-value.ts';
import { quickMessagesApi, quickMessagesKeys } from '../api/quick-messages-api.ts';
import { QuickMessageDialog } from '../components/quick-message-dialog.tsx';
import { QuickMessagesTable } from '../components/quick-messages-table.tsx';
import { useQuickMessagesList } from '../hooks/use-quick-messages.ts';
import { canManageQuickMessage } from '../model/quick-message-list.ts';

/** The quick messages screen: the user's own and the company's shortcuts (spec §2 "Quick messages page"). */
export function QuickMessagesPage() {
  const { t } = useTranslation(['quickMessages', 'common']);
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 500);
  const list = useQuickMessagesList(session.companyId, debouncedSearch);
  const [editing, setEditing] = useState<QuickMessageRecord | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<QuickMessageRecord | null>(null);
  const [isDeleteBusy, setDeleteBusy] = useState(false);

  const records = list.data?.pages.flatMap((page) => page.records) ?? [];
  const refreshList = () => {
    void queryClient.invalidateQueries({ queryKey: quickMessagesKeys.all(session.companyId) });
    void queryClient.invalidateQueries({ queryKey: ['quick-messages', 'list'] });
  };

  const handleConfirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await quickMessagesApi.remove(deleting.id);
      toast.success(t('toasts.deleted'));
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
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }} data-testid="quick-messages-count">
              ({list.data.pages[0]?.count ?? 0})
            </Typography>
          )}
        </Typography>
        <SearchField placeholder={t('search')} value={search} onChange={setSearch} testId="quick-messages-search" />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
          data-testid="quick-messages-add"
        >
          {t('add')}
        </Button>
      </Stack>
      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        <QuickMessagesTable
          records={records}
          isLoading={list.isLoading}
          isFetchingMore={list.isFetchingNextPage}
          canManage={(record) => canManageQuickMessage(record, session)}
          onEndReached={() => {
            if (list.hasNextPage && !list.isFetchingNextPage) list.fetchNextPage();
          }}
          onEdit={(record) => {
            setEditing(record);
            setDialogOpen(true);
          }}
          onDelete={setDeleting}
        />
      </Paper>
      <QuickMessageDialog
        open={isDialogOpen}
        record={editing}
        canShare={hasPermission(session, 'quick-messages:manageCompany')}
        onClose={() => setDialogOpen(false)}
        onSaved={refreshList}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDelete.title', { shortcode: deleting?.shortcode ?? '' })}
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
