import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
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
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { ContactListItemRecord } from '@wacrm/shared/campaigns/contact-list.schema';
import { contactListItemEvent } from '@wacrm/shared/realtime/events';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ScrollSentinel } from '../../../components/ui/scroll-sentinel.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../auth/index.ts';
import { chunk, readContactsSheet } from '../../contacts/index.ts';
import { campaignsApi } from '../api/campaigns-api.ts';

/** The email column gives way at phone width (the dialog still shows it). */
const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };
const MAX_SHEET_BYTES = 20 * 1024 * 1024;
const BATCH = 1000;

function ValidMark({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation('campaigns');
  if (valid === true)
    return (
      <Tooltip title={t('items.validYes')}>
        <CheckCircleOutline color="success" fontSize="small" />
      </Tooltip>
    );
  if (valid === false)
    return (
      <Tooltip title={t('items.validNo')}>
        <HighlightOff color="error" fontSize="small" />
      </Tooltip>
    );
  return (
    <Tooltip title={t('items.validUnknown')}>
      <HelpOutline color="disabled" fontSize="small" />
    </Tooltip>
  );
}

/** spec: Contact list items page (heading is the list's name). */
export function ContactListItemsPage() {
  const { t } = useTranslation(['campaigns', 'errors']);
  const session = useSessionUser();
  const listId = Number(useParams().contactListId);
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const list = useQuery({ queryKey: ['contact-list', listId], queryFn: () => campaignsApi.list(listId) });
  const items = useInfiniteQuery({
    queryKey: ['contact-list-items', listId, debounced],
    queryFn: ({ pageParam }) => campaignsApi.items(listId, debounced, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['contact-list-items', listId] });
    void queryClient.invalidateQueries({ queryKey: ['contact-list', listId] });
  };
  useSocketEvent(contactListItemEvent(session.companyId, listId), refresh);

  const [editing, setEditing] = useState<ContactListItemRecord | 'new' | null>(null);
  const [fields, setFields] = useState({ name: '', number: '', email: '' });
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ContactListItemRecord | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<{
    created: number;
    errors: { row: number; number: string; error: string }[];
  } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing && typeof editing === 'object')
      setFields({ name: editing.name, number: editing.number, email: editing.email });
    else if (editing === 'new') setFields({ name: '', number: '', email: '' });
  }, [editing]);

  const records = items.data?.pages.flatMap((page) => page.contacts) ?? [];
  const mayDelete = hasPermission(session, 'contacts-page:deleteContact');

  const save = async () => {
    try {
      const body = { ...fields, contactListId: listId };
      if (editing === 'new') await campaignsApi.createItem(body);
      else if (editing) await campaignsApi.updateItem(editing.id, body);
      setEditing(null);
      refresh();
    } catch (caught) {
      setError(caught instanceof ApiError ? t(`errors:${caught.code}`) : String(caught));
    }
  };

  const importFile = async (file: File) => {
    setReport(null);
    if (!/\.xlsx?$/i.test(file.name) || file.size > MAX_SHEET_BYTES) {
      setReport({ created: 0, errors: [{ row: 0, number: file.name, error: t('items.badFile') }] });
      return;
    }
    const sheet = await readContactsSheet(file).catch(() => null);
    if (!sheet) {
      setReport({ created: 0, errors: [{ row: 0, number: file.name, error: t('items.badFile') }] });
      return;
    }
    let created = 0;
    const errors: { row: number; number: string; error: string }[] = [];
    const batches = chunk(sheet.rows, BATCH);
    setProgress({ done: 0, total: sheet.rows.length });
    for (const [index, rows] of batches.entries()) {
      const answer = await campaignsApi.upload(listId, rows);
      created += answer.created;
      for (const failure of answer.errorBag) {
        errors.push({
          row: sheet.lines[index * BATCH + failure.row] ?? failure.row,
          number: failure.number,
          error: t(`errors:${failure.error}`),
        });
      }
      setProgress({ done: Math.min(sheet.rows.length, (index + 1) * BATCH), total: sheet.rows.length });
    }
    setProgress(null);
    setReport({ created, errors });
    refresh();
  };

  return (
    <Stack spacing={2} data-testid="contact-list-items-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {list.data?.name ?? ''}
        </Typography>
        <SearchField
          placeholder={t('items.search')}
          value={search}
          onChange={setSearch}
          testId="contact-list-items-search"
        />
        <Button component={RouterLink} to="/contact-lists" startIcon={<ArrowBack />}>
          {t('items.back')}
        </Button>
        <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => fileInput.current?.click()}>
          {t('items.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".xls,.xlsx"
          data-testid="contact-list-import"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => {
            setError(null);
            setEditing('new');
          }}
          data-testid="contact-list-items-add"
        >
          {t('items.add')}
        </Button>
      </Stack>
      {progress && (
        <Stack spacing={0.5}>
          <Typography variant="body2">{t('items.importing', progress)}</Typography>
          <LinearProgress variant="determinate" value={(progress.done / Math.max(1, progress.total)) * 100} />
        </Stack>
      )}
      {report && (
        <Alert
          severity={report.errors.length ? 'warning' : 'success'}
          onClose={() => setReport(null)}
          data-testid="import-report"
        >
          {t('items.imported', { created: report.created, errors: report.errors.length })}
          {report.errors.slice(0, 20).map((failure) => (
            <div key={`${failure.row}-${failure.number}`}>{t('items.row', failure)}</div>
          ))}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">{t('items.valid')}</TableCell>
              <TableCell>{t('items.name')}</TableCell>
              <TableCell>{t('items.number')}</TableCell>
              <TableCell sx={hideOnPhone}>{t('items.email')}</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((item) => (
              <TableRow key={item.id} data-testid="contact-list-item-row">
                <TableCell padding="checkbox" align="center">
                  <ValidMark valid={item.isWhatsappValid} />
                </TableCell>
                <TableCell>{item.name}</TableCell>
                <TableCell>{item.number}</TableCell>
                <TableCell sx={hideOnPhone}>{item.email}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton
                    aria-label={t('lists.edit')}
                    onClick={() => {
                      setError(null);
                      setEditing(item);
                    }}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  {mayDelete && (
                    <IconButton aria-label={t('lists.delete')} onClick={() => setDeleting(item)}>
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {!items.isLoading && records.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary">{t('items.empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      <ScrollSentinel list={items} testId="contact-list-items-scroll-end" />
      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="xs">
        <DialogTitle>{editing === 'new' ? t('items.dialogAdd') : t('items.dialogEdit')}</DialogTitle>
        <DialogContent>
          {(['name', 'number', 'email'] as const).map((field) => (
            <TextField
              key={field}
              fullWidth
              margin="dense"
              label={t(`items.${field}`)}
              value={fields[field]}
              slotProps={{ htmlInput: { maxLength: field === 'email' ? 200 : 50 } }}
              onChange={(event) => setFields({ ...fields, [field]: event.target.value })}
            />
          ))}
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>{t('campaigns.cancel')}</Button>
          <Button
            variant="contained"
            disabled={fields.name.trim().length < 2 || fields.number.trim().length < 8}
            onClick={save}
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
          await campaignsApi.removeItem(deleting.id).catch(() => undefined);
          setDeleting(null);
          refresh();
        }}
        onClose={() => setDeleting(null)}
      >
        {t('items.confirmDelete', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
