import AddIcon from '@mui/icons-material/Add';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { Announcement } from '@wacrm/shared/announcements/announcement.schema';
import { type UIEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { announcementsApi, announcementsKeys } from '../api/announcements-api.ts';
import { AnnouncementFormDialog } from '../components/announcement-form-dialog.tsx';
import { AnnouncementsTable } from '../components/announcements-table.tsx';
import { useAnnouncementPages } from '../hooks/use-announcement-pages.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { useSuperOnly } from '../hooks/use-super-only.ts';

/** spec: the next page loads within 100 px of the bottom. */
const LOAD_MORE_THRESHOLD_PX = 100;

export function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const isSuper = useSuperOnly();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const query = useAnnouncementPages(searchParam, isSuper);
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  if (!isSuper) return null;

  const records = query.data?.pages.flatMap((page) => page.records) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (scrollHeight - scrollTop - clientHeight > LOAD_MORE_THRESHOLD_PX) return;
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  const handleAdd = () => {
    setEditing(null);
    setIsFormOpen(true);
  };
  const handleEdit = (announcement: Announcement) => {
    setEditing(announcement);
    setIsFormOpen(true);
  };
  const handleConfirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await announcementsApi.remove(deleting.id);
      toast.success(t('toasts.deleted'));
      void queryClient.invalidateQueries({ queryKey: announcementsKeys.all });
      setDeleting(null);
    } catch {
      // The http client has toasted the failure.
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ height: { sm: 'calc(100dvh - 112px)' } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }} data-testid="announcements-title">
          {t('page.title', { count })}
        </Typography>
        <TextField
          size="small"
          placeholder={t('page.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': t('page.search'), 'data-testid': 'announcements-search' },
          }}
          sx={{ minWidth: { sm: 260 } }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={handleAdd} data-testid="announcement-add">
          {t('page.add')}
        </Button>
      </Stack>
      <Paper
        variant="outlined"
        onScroll={handleScroll}
        sx={{ flex: 1, minHeight: 240, maxHeight: { xs: '70dvh', sm: 'none' }, overflow: 'auto' }}
      >
        {query.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress size={32} />
          </Box>
        ) : records.length === 0 ? (
          <Stack
            spacing={1}
            sx={{ alignItems: 'center', py: 8, px: 2, textAlign: 'center' }}
            data-testid="announcements-empty-state"
          >
            <CampaignOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
            <Typography variant="subtitle1">{searchParam ? t('page.noResults') : t('page.empty')}</Typography>
            {!searchParam && (
              <Typography variant="body2" color="text.secondary">
                {t('page.emptyHint')}
              </Typography>
            )}
          </Stack>
        ) : (
          <>
            <AnnouncementsTable records={records} onEdit={handleEdit} onDelete={setDeleting} />
            {query.isFetchingNextPage && (
              <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
                <CircularProgress size={24} />
              </Box>
            )}
          </>
        )}
      </Paper>
      <AnnouncementFormDialog open={isFormOpen} announcement={editing} onClose={() => setIsFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        confirmLabel={t('actions.delete')}
        isBusy={isDeleting}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('delete.message', { title: deleting?.title ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
