import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { QueueIntegrationRecord, QueueIntegrationType } from '@wacrm/shared/integrations/index';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../tags/hooks/use-debounced-value.ts';
import { integrationsApi } from '../api/integrations-api.ts';
import { useIntegrationPages } from '../api/use-bots.ts';
import { IntegrationDialog } from '../components/integration-dialog.tsx';

/** A type's logo: its initials on its brand colour (no third-party artwork is shipped). */
const logos: Record<QueueIntegrationType, { label: string; color: string }> = {
  dialogflow: { label: 'DF', color: '#ff9800' },
  n8n: { label: 'n8n', color: '#ea4b71' },
  webhook: { label: 'WH', color: '#607d8b' },
  typebot: { label: 'TB', color: '#0042da' },
  flowbuilder: { label: 'FB', color: '#2e7d32' },
};

/** The queue integrations screen (spec §2): search, infinite list, add, edit and delete. */
export function QueueIntegrationsPage() {
  const { t } = useTranslation(['integrations', 'common']);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const list = useIntegrationPages(debounced);
  const [editing, setEditing] = useState<QueueIntegrationRecord | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<QueueIntegrationRecord | null>(null);
  const [isBusy, setBusy] = useState(false);
  const rows = list.data?.pages.flatMap((page) => page.queueIntegrations) ?? [];

  const handleScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    const nearEnd = target.scrollHeight - target.scrollTop - target.clientHeight < 120;
    if (nearEnd && list.hasNextPage && !list.isFetchingNextPage) list.fetchNextPage();
  };

  const handleDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await integrationsApi.removeIntegration(deleting.id);
      toast.success(t('integrations.deleted'));
      setDeleting(null);
      list.refetch();
    } catch {
      // The http client already toasted the coded error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ height: { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 112px)' }, minHeight: 360 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('integrations.title')}
        </Typography>
        <SearchField
          placeholder={t('integrations.search')}
          value={search}
          onChange={setSearch}
          testId="integrations-search"
        />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
          data-testid="integrations-add"
        >
          {t('integrations.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <TableContainer sx={{ flex: 1, overflow: 'auto' }} onScroll={handleScroll}>
          <Table size="small" stickyHeader data-testid="integrations-table">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 64 }} />
                <TableCell sx={{ width: 80 }}>ID</TableCell>
                <TableCell>{t('integrations.fields.name')}</TableCell>
                <TableCell align="right">{t('actions.title')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover data-testid={`integration-row-${row.id}`}>
                  <TableCell>
                    <Tooltip title={t(`integrations.types.${row.type}`)}>
                      <Avatar
                        variant="rounded"
                        sx={{ width: 32, height: 32, fontSize: 12, fontWeight: 700, bgcolor: logos[row.type].color }}
                      >
                        {logos[row.type].label}
                      </Avatar>
                    </Tooltip>
                  </TableCell>
                  <TableCell>{row.id}</TableCell>
                  <TableCell>{row.name}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('actions.edit')}>
                      <IconButton
                        size="small"
                        aria-label={t('actions.edit')}
                        onClick={() => {
                          setEditing(row);
                          setDialogOpen(true);
                        }}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('actions.delete')}>
                      <IconButton size="small" aria-label={t('actions.delete')} onClick={() => setDeleting(row)}>
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {list.data && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary', py: 4 }}>
                    {t('integrations.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <IntegrationDialog
        open={isDialogOpen}
        integration={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={() => list.refetch()}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('integrations.confirmDelete', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        isDestructive
        isBusy={isBusy}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      >
        {t('integrations.confirmDeleteMessage')}
      </ConfirmDialog>
    </Stack>
  );
}
