import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { FileListRecord } from '@wacrm/shared/campaigns/contact-list.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ScrollSentinel } from '../../../components/ui/scroll-sentinel.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../auth/index.ts';
import { campaignsApi } from '../api/campaigns-api.ts';

interface DraftOption {
  id?: number;
  name: string;
  file: File | null;
  stored: boolean;
}

/** spec: Files page. A list's options each get a name and a file; files are uploaded after the save. */
export function FilesPage() {
  const { t } = useTranslation(['campaigns', 'errors']);
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const lists = useInfiniteQuery({
    queryKey: ['file-lists', session.companyId, debounced],
    queryFn: ({ pageParam }) => campaignsApi.files(debounced, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['file-lists', session.companyId] });
  useSocketEvent(companyEvent(session.companyId, 'file'), refresh);
  const [editing, setEditing] = useState<FileListRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FileListRecord | null>(null);
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [options, setOptions] = useState<DraftOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!editing) return;
    setError(null);
    const record = editing === 'new' ? null : editing;
    setName(record?.name ?? '');
    setMessage(record?.message ?? '');
    setOptions(
      record?.options.map((option) => ({
        id: option.id,
        name: option.name,
        file: null,
        stored: Boolean(option.path),
      })) ?? [],
    );
  }, [editing]);
  const records = lists.data?.pages.flatMap((page) => page.files) ?? [];

  const save = async () => {
    try {
      const body = { name, message, options: options.map((option) => ({ id: option.id, name: option.name })) };
      const saved =
        editing === 'new' || !editing
          ? await campaignsApi.createFiles(body)
          : await campaignsApi.updateFiles(editing.id, body);
      // Options come back in order; each chosen file goes to its option.
      for (const [index, option] of options.entries()) {
        if (option.file)
          await campaignsApi.uploadFile(saved.id, { id: saved.options[index]?.id, name: option.name }, option.file);
      }
      toast.success(t('files.saved'));
      setEditing(null);
      refresh();
    } catch (caught) {
      setError(caught instanceof ApiError ? t(`errors:${caught.code}`) : String(caught));
    }
  };

  return (
    <Stack spacing={2} data-testid="files-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('files.title')} ({lists.data?.pages[0]?.count ?? 0})
        </Typography>
        <SearchField placeholder={t('files.search')} value={search} onChange={setSearch} testId="files-search" />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setEditing('new')}
          data-testid="files-add"
        >
          {t('files.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('files.name')}</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((record) => (
              <TableRow key={record.id} data-testid="file-list-row">
                <TableCell>{record.name}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton aria-label={t('lists.edit')} onClick={() => setEditing(record)}>
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={t('lists.delete')} onClick={() => setDeleting(record)}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {!lists.isLoading && records.length === 0 && (
              <TableRow>
                <TableCell colSpan={2}>
                  <Typography color="text.secondary">{t('files.empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      <ScrollSentinel list={lists} testId="files-scroll-end" />
      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        <DialogTitle>{editing === 'new' ? t('files.dialogAdd') : t('files.dialogEdit')}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            margin="dense"
            label={t('files.name')}
            value={name}
            error={name.length > 0 && name.trim().length < 3}
            helperText={name.length > 0 && name.trim().length < 3 ? t('files.nameShort') : ' '}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'files-name' } }}
          />
          <TextField
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={t('files.message')}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 4096, 'data-testid': 'files-message' } }}
          />
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {t('files.options')}
          </Typography>
          {options.map((option, index) => (
            <Stack
              // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
              key={index}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' }, my: 1 }}
            >
              <TextField
                size="small"
                label={t('files.optionName')}
                value={option.name}
                onChange={(event) =>
                  setOptions(
                    options.map((other, at) => (at === index ? { ...other, name: event.target.value } : other)),
                  )
                }
                sx={{ flex: 1 }}
              />
              <Button component="label" variant="outlined" size="small">
                {option.file?.name ?? (option.stored ? t('files.chosen') : t('files.choose'))}
                <input
                  type="file"
                  hidden
                  data-testid={`files-option-file-${index}`}
                  onChange={(event) => {
                    const file = event.target.files?.[0] ?? null;
                    setOptions(options.map((other, at) => (at === index ? { ...other, file } : other)));
                  }}
                />
              </Button>
              <IconButton
                aria-label={t('lists.delete')}
                onClick={() => setOptions(options.filter((_, at) => at !== index))}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          <Button
            startIcon={<AddOutlined />}
            onClick={() => setOptions([...options, { name: '', file: null, stored: false }])}
          >
            {t('files.addOption')}
          </Button>
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>{t('campaigns.cancel')}</Button>
          <Button
            variant="contained"
            disabled={name.trim().length < 3 || !message.trim() || options.some((option) => !option.name.trim())}
            onClick={save}
            data-testid="files-save"
          >
            {t('campaigns.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('lists.delete')}
        confirmLabel={t('lists.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await campaignsApi
            .removeFiles(deleting.id)
            .then(() => toast.success(t('files.deleted')))
            .catch(() => undefined);
          setDeleting(null);
          refresh();
        }}
        onClose={() => setDeleting(null)}
      >
        {t('files.confirmDelete', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
