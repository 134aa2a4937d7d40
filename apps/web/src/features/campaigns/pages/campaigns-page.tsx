import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignRecord } from '@wacrm/shared/campaigns/campaign.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
import { ScrollSentinel } from '../../../components/ui/scroll-sentinel.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDateTime, formatDateTimeIn } from '../../../lib/format.ts';
import { useReloadOnConnect, useSocketEvent } from '../../../lib/socket-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../auth/index.ts';
import { useClockDifference, useCompanyTimeZone } from '../../settings/index.ts';
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

  const handleDelete = async (record: CampaignRecord) => {
    // The dialog closes even when the delete fails: the http client has toasted why.
    await campaignsApi
      .remove(record.id)
      .then(() => toast.success(t('campaigns.deleted')))
      .catch(() => undefined);
    refresh();
  };

  return (
    <>
      <ListPage
        isFullHeight={false}
        testId="campaigns-page"
        header={
          <ListPageHeader
            title={t('campaigns.title')}
            search={{
              placeholder: t('campaigns.search'),
              value: search,
              onChange: setSearch,
              testId: 'campaigns-search',
            }}
            add={{
              label: t('campaigns.add'),
              onClick: () => {
                setEditing(null);
                setDialogOpen(true);
              },
              testId: 'campaigns-add',
            }}
          />
        }
        notices={
          clockDifference && (
            <Typography variant="body2" color="text.secondary" data-testid="campaigns-clock-note">
              {t('campaigns.clockNote', clockDifference)}
            </Typography>
          )
        }
        footer={<ScrollSentinel list={campaigns} testId="campaigns-scroll-end" />}
      >
        <DataTable
          rows={records}
          rowKey={(record) => record.id}
          rowProps={() => ({ 'data-testid': 'campaign-row' })}
          stickyHeader={false}
          columns={[
            {
              id: 'name',
              header: t('campaigns.name'),
              render: (record) => (
                <>
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
                </>
              ),
            },
            {
              id: 'status',
              header: t('campaigns.status'),
              render: (record) => (
                <>
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
                </>
              ),
            },
            {
              id: 'contactList',
              header: t('campaigns.contactList'),
              render: (record) => record.contactList?.name ?? (record.tag ? `#${record.tag.name}` : '—'),
            },
            { id: 'connection', header: t('campaigns.connection'), render: (record) => record.whatsapp?.name ?? '—' },
            {
              id: 'scheduledAt',
              header: t('campaigns.scheduledAt'),
              render: (record) => (record.scheduledAt ? formatDateTimeIn(record.scheduledAt, timeZone) : '—'),
            },
            {
              id: 'completedAt',
              header: t('campaigns.completedAt'),
              render: (record) => (record.completedAt ? formatDateTime(record.completedAt) : '—'),
            },
          ]}
          actionsHeader={t('campaigns.actions')}
          actions={[
            {
              label: t('campaigns.stop'),
              icon: <PauseCircleOutlined fontSize="small" />,
              isHidden: (record) => record.status !== 'EM_ANDAMENTO',
              onClick: (record) => transition(record, 'cancel'),
            },
            {
              label: t('campaigns.restart'),
              icon: <PlayCircleOutlined fontSize="small" />,
              isHidden: (record) => record.status !== 'CANCELADA',
              onClick: (record) => transition(record, 'restart'),
            },
            {
              label: t('campaigns.report'),
              icon: <AssessmentOutlined fontSize="small" />,
              testId: 'campaign-report-link',
              to: (record) => `/campaign/${record.id}/report`,
            },
            {
              label: t('campaigns.edit'),
              icon: <EditOutlined fontSize="small" />,
              onClick: (record) => {
                setEditing(record);
                setDialogOpen(true);
              },
            },
          ]}
          deleteAction={{
            label: t('campaigns.delete'),
            confirmTitle: () => t('campaigns.delete'),
            confirmMessage: (record) => t('campaigns.confirmDelete', { name: record.name }),
            onConfirm: handleDelete,
          }}
          isLoading={campaigns.isLoading}
          emptyText={t('campaigns.empty')}
        />
      </ListPage>
      <CampaignDialog
        open={isDialogOpen}
        record={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={() => {
          toast.success(t('campaigns.saved'));
          refresh();
        }}
      />
    </>
  );
}
