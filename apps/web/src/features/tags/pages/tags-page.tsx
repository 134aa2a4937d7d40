import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { TagRecord } from '@wacrm/shared/tags/tag.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/hooks/use-auth.ts';
import { tagsApi, tagsKeys } from '../api/tags-api.ts';
import { TagChip } from '../components/tag-chip.tsx';
import { TagDialog } from '../components/tag-dialog.tsx';
import { TagsTable } from '../components/tags-table.tsx';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { useTagsList } from '../hooks/use-tags.ts';

/** The tags screen: search, infinite list with ticket counts, add, edit and delete (spec §2 "Tags page"). */
export function TagsPage() {
  const { t } = useTranslation(['tags', 'common']);
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  // spec: the search is lowercased and waits 500 ms.
  const debouncedSearch = useDebouncedValue(search.trim().toLowerCase(), 500);
  const list = useTagsList(session.companyId, debouncedSearch);
  const [editing, setEditing] = useState<TagRecord | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TagRecord | null>(null);
  const [isDeleteBusy, setDeleteBusy] = useState(false);

  const tags = list.data?.pages.flatMap((page) => page.tags) ?? [];
  // The live event usually arrives first; refetching also covers a socket that is reconnecting.
  const refreshList = () => queryClient.invalidateQueries({ queryKey: tagsKeys.all(session.companyId) });

  const handleEndReached = () => {
    if (list.hasNextPage && !list.isFetchingNextPage) list.fetchNextPage();
  };

  const handleConfirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await tagsApi.remove(deleting.id);
      toast.success(t('toasts.deleted'));
      setDeleting(null);
      refreshList();
    } catch {
      // The http client already toasted the coded error.
    } finally {
      setDeleteBusy(false);
    }
  };

  // pt counts 0 as singular ("0 ticket"): an unused tag gets its own sentence.
  const ticketsCount = deleting?.ticketsCount ?? 0;
  const deleteMessage =
    ticketsCount === 0 ? t('confirmDelete.messageNone') : t('confirmDelete.message', { count: ticketsCount });

  return (
    <Stack spacing={2} sx={{ height: { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 112px)' }, minHeight: 360 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('title')}
          {list.data && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }} data-testid="tags-count">
              ({list.data.pages[0]?.count ?? 0})
            </Typography>
          )}
        </Typography>
        <SearchField placeholder={t('search')} value={search} onChange={setSearch} testId="tags-search" />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
          data-testid="tags-add"
        >
          {t('add')}
        </Button>
      </Stack>
      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        <TagsTable
          tags={tags}
          isLoading={list.isLoading}
          isFetchingMore={list.isFetchingNextPage}
          onEndReached={handleEndReached}
          onEdit={(tag) => {
            setEditing(tag);
            setDialogOpen(true);
          }}
          onDelete={setDeleting}
        />
      </Paper>
      <TagDialog
        open={isDialogOpen}
        tag={editing}
        canSetKanban={hasPermission(session, 'tags:setKanban')}
        onClose={() => setDialogOpen(false)}
        onSaved={refreshList}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDelete.title')}
        confirmLabel={t('actions.delete')}
        isBusy={isDeleteBusy}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          {deleting && <TagChip tag={deleting} />}
          <span>{deleteMessage}</span>
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
