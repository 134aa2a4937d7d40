import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactListRecord } from '@wacrm/shared/campaigns/contact-list.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ScrollSentinel } from '../../../components/ui/scroll-sentinel.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../auth/index.ts';
import { TEMPLATE_URL } from '../../contacts/index.ts';
import { campaignsApi } from '../api/campaigns-api.ts';
import { NameDialog } from '../components/name-dialog.tsx';

/** spec: Contact lists page. */
export function ContactListsPage() {
  const { t } = useTranslation(['campaigns', 'errors']);
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const key = ['contact-lists', session.companyId, debounced];
  const lists = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => campaignsApi.lists(debounced, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const tags = useQuery({ queryKey: ['tags-list', session.companyId], queryFn: campaignsApi.tags });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['contact-lists', session.companyId] });
  useSocketEvent(companyEvent(session.companyId, 'ContactList'), refresh);

  const [editing, setEditing] = useState<ContactListRecord | 'new' | 'tags' | null>(null);
  const [chosenTags, setChosenTags] = useState<{ id: number; name: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ContactListRecord | null>(null);
  const records = lists.data?.pages.flatMap((page) => page.records) ?? [];

  const save = async (name: string) => {
    try {
      if (editing === 'new') await campaignsApi.createList(name);
      else if (editing === 'tags')
        await campaignsApi.listFromTags(
          name,
          chosenTags.map((tag) => tag.id),
        );
      else if (editing) await campaignsApi.renameList(editing.id, name);
      setEditing(null);
      refresh();
    } catch (caught) {
      setError(caught instanceof ApiError ? t(`errors:${caught.code}`) : String(caught));
    }
  };

  return (
    <Stack spacing={2} data-testid="contact-lists-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('lists.title')}
        </Typography>
        <SearchField
          placeholder={t('lists.search')}
          value={search}
          onChange={setSearch}
          testId="contact-lists-search"
        />
        <Button
          variant="outlined"
          onClick={() => {
            setError(null);
            setChosenTags([]);
            setEditing('tags');
          }}
        >
          {t('lists.fromTags')}
        </Button>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => {
            setError(null);
            setEditing('new');
          }}
          data-testid="contact-lists-add"
        >
          {t('lists.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('lists.name')}</TableCell>
              <TableCell align="center">{t('lists.contactsCount')}</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((list) => (
              <TableRow key={list.id} data-testid="contact-list-row">
                <TableCell>{list.name}</TableCell>
                <TableCell align="center">{list.contactsCount}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('lists.example')}>
                    <IconButton href={TEMPLATE_URL} download aria-label={t('lists.example')}>
                      <DownloadOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('lists.open')}>
                    <IconButton
                      component={RouterLink}
                      to={`/contact-lists/${list.id}/contacts`}
                      aria-label={t('lists.open')}
                    >
                      <PeopleOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('lists.edit')}>
                    <IconButton
                      aria-label={t('lists.edit')}
                      onClick={() => {
                        setError(null);
                        setEditing(list);
                      }}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('lists.delete')}>
                    <IconButton aria-label={t('lists.delete')} onClick={() => setDeleting(list)}>
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {!lists.isLoading && records.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>
                  <Typography color="text.secondary">{t('lists.empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      <ScrollSentinel list={lists} testId="contact-lists-scroll-end" />
      <NameDialog
        open={editing !== null}
        title={
          editing === 'tags'
            ? t('lists.fromTagsTitle')
            : editing === 'new'
              ? t('lists.dialogAdd')
              : t('lists.dialogEdit')
        }
        initial={editing && typeof editing === 'object' ? editing.name : ''}
        error={error}
        onClose={() => setEditing(null)}
        onSave={save}
      >
        {editing === 'tags' && (
          <Autocomplete
            multiple
            options={tags.data ?? []}
            getOptionLabel={(tag) => tag.name}
            value={chosenTags}
            onChange={(_, value) => setChosenTags(value)}
            renderInput={(params) => <TextField {...params} label={t('lists.tags')} margin="dense" />}
          />
        )}
      </NameDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('lists.delete')}
        confirmLabel={t('lists.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await campaignsApi.removeList(deleting.id).catch(() => undefined);
          toast.success(t('campaigns.deleted'));
          setDeleting(null);
          refresh();
        }}
        onClose={() => setDeleting(null)}
      >
        {t('lists.confirmDelete', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
