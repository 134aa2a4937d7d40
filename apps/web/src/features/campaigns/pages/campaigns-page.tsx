import AddOutlined from '@mui/icons-material/AddOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignRecord } from '@wacrm/shared/campaigns/campaign.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ScrollSentinel } from '../../../components/ui/scroll-sentinel.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDateTime, formatDateTimeIn } from '../../../lib/format.ts';
import { useReloadOnConnect, useSocketEvent } from '../../../lib/socket-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/hooks/use-auth.ts';
import { useClockDifference, useCompanyTimeZone } from '../../settings/hooks/use-company-time-zone.ts';
import { useDebouncedValue } from '../../tags/hooks/use-debounced-value.ts';
import { campaignsApi } from '../api/campaigns-api.ts';
import { CampaignDialog } from '../components/campaign-dialog.tsx';

/** spec: Campaigns page. */
export function CampaignsPage() {
  const { t } = useTranslation(['campaigns', 'errors']);
  const session = useSessionUser();
  const timeZone = useCompanyTimeZone(session.companyId);
  const clockDifference = useClockDifference(timeZone);
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const campaigns = useInfiniteQuery({
    queryKey: ['campaigns', session.companyId, debounced],
    queryFn: ({ pageParam }) => campaignsApi.campaigns(debounced, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['campaigns', session.companyId] });
  useSocketEvent(companyEvent(session.companyId, 'campaign'), (event) => {
    // Progress comes every half second while sending; the table only needs the last one (its end).
    if (event.action !== 'progress' || event.report.campaign.status === 'FINALIZADA') refresh();
  });
  useReloadOnConnect(refresh);
  const [editing, setEditing] = useState<CampaignRecord | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<CampaignRecord | null>(null);
  const records = campaigns.data?.pages.flatMap((page) => page.records) ?? [];

  // spec: cancel and restart failures show the error's message; the list reloads after either.
  const transition = async (record: CampaignRecord, action: 'cancel' | 'restart') => {
    try {
      await campaignsApi[action](record.id);
      toast.success(t(action === 'cancel' ? 'campaigns.canceled' : 'campaigns.restarted'));
    } catch (caught) {
      if (caught instanceof ApiError) toast.error(t(`errors:${caught.code}`));
    }
    refresh();
  };

  return (
    <Stack spacing={2} data-testid="campaigns-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('campaigns.title')}
        </Typography>
        <SearchField
          placeholder={t('campaigns.search')}
          value={search}
          onChange={setSearch}
          testId="campaigns-search"
        />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
          data-testid="campaigns-add"
        >
          {t('campaigns.add')}
        </Button>
      </Stack>
      {clockDifference && (
        <Typography variant="body2" color="text.secondary" data-testid="campaigns-clock-note">
          {t('campaigns.clockNote', clockDifference)}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('campaigns.name')}</TableCell>
              <TableCell>{t('campaigns.status')}</TableCell>
              <TableCell>{t('campaigns.contactList')}</TableCell>
              <TableCell>{t('campaigns.connection')}</TableCell>
              <TableCell>{t('campaigns.scheduledAt')}</TableCell>
              <TableCell>{t('campaigns.completedAt')}</TableCell>
              <TableCell align="right">{t('campaigns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((record) => (
              <TableRow key={record.id} data-testid="campaign-row">
                <TableCell>
                  {record.name}
                  {record.mediaName && (
                    <Tooltip title={t('campaigns.media.listHint', { name: record.mediaName })}>
                      <AttachFileOutlined
                        fontSize="inherit"
                        color="action"
                        aria-label={t('campaigns.media.listHint', { name: record.mediaName })}
                        sx={{ ml: 0.5, verticalAlign: 'middle' }}
                        data-testid="campaign-row-media"
                      />
                    </Tooltip>
                  )}
                </TableCell>
                <TableCell>
                  <span data-testid="campaign-status">{t(`status.${record.status}`)}</span>
                  {record.status === 'INATIVA' && (
                    // Nothing starts an inactive campaign but a time: say so where its state shows.
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      data-testid="campaign-status-hint"
                    >
                      {t('campaigns.inactiveHint')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{record.contactList?.name ?? (record.tag ? `#${record.tag.name}` : '—')}</TableCell>
                <TableCell>{record.whatsapp?.name ?? '—'}</TableCell>
                <TableCell>{record.scheduledAt ? formatDateTimeIn(record.scheduledAt, timeZone) : '—'}</TableCell>
                <TableCell>{record.completedAt ? formatDateTime(record.completedAt) : '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {record.status === 'EM_ANDAMENTO' && (
                    <Tooltip title={t('campaigns.stop')}>
                      <IconButton aria-label={t('campaigns.stop')} onClick={() => transition(record, 'cancel')}>
                        <PauseCircleOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {record.status === 'CANCELADA' && (
                    <Tooltip title={t('campaigns.restart')}>
                      <IconButton aria-label={t('campaigns.restart')} onClick={() => transition(record, 'restart')}>
                        <PlayCircleOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={t('campaigns.report')}>
                    <IconButton
                      component={RouterLink}
                      to={`/campaign/${record.id}/report`}
                      aria-label={t('campaigns.report')}
                      data-testid="campaign-report-link"
                    >
                      <AssessmentOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('campaigns.edit')}>
                    <IconButton
                      aria-label={t('campaigns.edit')}
                      onClick={() => {
                        setEditing(record);
                        setDialogOpen(true);
                      }}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('campaigns.delete')}>
                    <IconButton aria-label={t('campaigns.delete')} onClick={() => setDeleting(record)}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {!campaigns.isLoading && records.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary">{t('campaigns.empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      <ScrollSentinel list={campaigns} testId="campaigns-scroll-end" />
      <CampaignDialog
        open={isDialogOpen}
        record={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={() => {
          toast.success(t('campaigns.saved'));
          refresh();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('campaigns.delete')}
        confirmLabel={t('campaigns.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await campaignsApi
            .remove(deleting.id)
            .then(() => toast.success(t('campaigns.deleted')))
            .catch(() => undefined);
          setDeleting(null);
          refresh();
        }}
        onClose={() => setDeleting(null)}
      >
        {t('campaigns.confirmDelete', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
