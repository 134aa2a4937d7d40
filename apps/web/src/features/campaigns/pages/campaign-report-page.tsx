import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignReport } from '@wacrm/shared/campaigns/campaign.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime, formatDateTimeIn } from '../../../lib/format.ts';
import { useReloadOnConnect, useSocketEvent } from '../../../lib/socket-context.ts';
import { useSessionUser } from '../../auth/index.ts';
import { useClockDifference, useCompanyTimeZone } from '../../settings/index.ts';
import { campaignsApi } from '../api/campaigns-api.ts';

/** spec: the report refetches this long after a live update says FINALIZADA. */
const REFETCH_AFTER_FINISH_MS = 5_000;

function Figure({
  label,
  value,
  testId,
  detail,
}: {
  label: string;
  value: string | number;
  testId?: string;
  /** A line under the figure (the reasons behind it). */
  detail?: string | null;
}) {
  return (
    <Grid size={{ xs: 6, sm: 4, md: 3 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h6" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
          {detail && (
            <Typography variant="caption" color="text.secondary" data-testid={testId && `${testId}-detail`}>
              {detail}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Grid>
  );
}

/** spec: Campaign report page, live. */
export function CampaignReportPage() {
  const { t, i18n } = useTranslation('campaigns');
  const session = useSessionUser();
  const timeZone = useCompanyTimeZone(session.companyId);
  const clockDifference = useClockDifference(timeZone);
  const id = Number(useParams().campaignId);
  const queryClient = useQueryClient();
  const key = ['campaign-report', id];
  const query = useQuery({ queryKey: key, queryFn: () => campaignsApi.report(id) });
  const [finishedAt, setFinishedAt] = useState<number | null>(null);
  useReloadOnConnect(() => void query.refetch());
  useSocketEvent(companyEvent(session.companyId, 'campaign'), (event) => {
    if (event.action !== 'progress' || event.report.campaign.id !== id) return;
    queryClient.setQueryData<CampaignReport>(key, event.report);
    if (event.report.campaign.status === 'FINALIZADA') setFinishedAt(Date.now());
  });
  useEffect(() => {
    if (finishedAt === null) return;
    const timer = setTimeout(() => void query.refetch(), REFETCH_AFTER_FINISH_MS);
    return () => clearTimeout(timer);
  }, [finishedAt, query.refetch]);

  const report = query.data;
  if (!report) return null;
  const { campaign } = report;
  // Waiting messages are not done: they go when the connection is back (or give up).
  const done = report.sent + report.failed + report.invalid + report.optedOut;
  const reasonOf = (code: string) => (i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : code);
  const failureDetail = report.failureReasons
    .map((reason) => t('report.failedReason', { reason: reasonOf(reason.code), count: reason.count }))
    .join(' · ');
  const percent = report.total ? (done / report.total) * 100 : campaign.status === 'FINALIZADA' ? 100 : 0;
  const exportCsv = async () => {
    const text = await campaignsApi.csv(id);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `campaign-${id}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <Stack spacing={2} data-testid="campaign-report-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('report.title', { name: campaign.name })}
        </Typography>
        <Chip label={t(`status.${campaign.status}`)} data-testid="report-status" />
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={exportCsv}>
          {t('report.export')}
        </Button>
      </Stack>
      <LinearProgress variant="determinate" value={percent} sx={{ height: 10, borderRadius: 5 }} />
      <Grid container spacing={2}>
        <Figure label={t('report.valid')} value={report.total - report.invalid} testId="report-valid" />
        <Figure label={t('report.sent')} value={report.sent} testId="report-sent" />
        <Figure label={t('report.waiting')} value={report.waiting} testId="report-waiting" />
        <Figure label={t('report.delivered')} value={report.delivered} />
        <Figure label={t('report.read')} value={report.read} />
        <Figure label={t('report.failed')} value={report.failed} testId="report-failed" detail={failureDetail} />
        <Figure label={t('report.invalid')} value={report.invalid} />
        <Figure label={t('report.optedOut')} value={report.optedOut} />
        <Figure label={t('report.connection')} value={campaign.whatsapp?.name ?? t('report.notYet')} />
        <Figure
          label={t('report.contactList')}
          value={campaign.contactList?.name ?? campaign.tag?.name ?? t('report.notYet')}
        />
        <Figure
          label={t('report.schedule')}
          value={campaign.scheduledAt ? formatDateTimeIn(campaign.scheduledAt, timeZone) : t('report.notYet')}
        />
        <Figure
          label={t('report.completion')}
          value={campaign.completedAt ? formatDateTime(campaign.completedAt) : t('report.notYet')}
        />
      </Grid>
      {clockDifference && (
        <Typography variant="body2" color="text.secondary" data-testid="report-clock-note">
          {t('campaigns.clockNote', clockDifference)}
        </Typography>
      )}
    </Stack>
  );
}
