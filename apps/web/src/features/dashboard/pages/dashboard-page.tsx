import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DashboardQuery } from '@wacrm/shared/dashboard/dashboard.schema';
import { attendantsToCsv, ticketsByDayToCsv } from '@wacrm/shared/dashboard/dashboard-csv';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../../lib/download-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
import { dashboardApi, dashboardKeys } from '../api/dashboard-api.ts';
import { AttendantsTable } from '../components/attendants-table.tsx';
import { ChartCard } from '../components/chart-card.tsx';
import { CounterCards } from '../components/counter-cards.tsx';
import { DashboardFilters } from '../components/dashboard-filters.tsx';
import { TicketsByDayChart, TicketsByUserChart } from '../components/tickets-charts.tsx';
import {
  useChartFailureToasts,
  useChartSeries,
  useDashboardLiveRefresh,
  useDashboardSummary,
} from '../hooks/use-dashboard.ts';
import { initialFilter, scheduleFirstLoad, toDashboardQuery } from '../model/dashboard-filter.ts';

/** The administrator's view of the operation (spec: route `/`, admin only). */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { companyId } = useSessionUser();
  const [filter, setFilter] = useState(initialFilter);
  const [applied, setApplied] = useState<DashboardQuery | null>(null);

  // spec: the first load happens one second after the page opens.
  useEffect(() => scheduleFirstLoad(setApplied), []);
  const summary = useDashboardSummary(companyId, applied);
  useDashboardLiveRefresh(companyId, summary.data?.attendants);
  useChartFailureToasts(companyId);
  const period = summary.data?.period;
  // The charts follow the period the server read, in the company's calendar.
  const range = useMemo(() => (period ? { initialDate: period.dateFrom, finalDate: period.dateTo } : null), [period]);
  const byUser = useChartSeries(
    dashboardKeys.byUser(companyId, range ?? { initialDate: '', finalDate: '' }),
    range,
    dashboardApi.ticketsByUser,
  );
  const byDay = useChartSeries(
    dashboardKeys.byDay(companyId, range ?? { initialDate: '', finalDate: '' }),
    range,
    dashboardApi.ticketsByDay,
  );

  const handleApply = () => {
    const query = toDashboardQuery(filter);
    if (!query) {
      toast.error(t('toasts.selectFilterError'));
      return;
    }
    // The same filter again refetches; another one changes the query key, which fetches.
    if (JSON.stringify(query) === JSON.stringify(applied)) summary.refetch();
    else setApplied(query);
  };

  const handleExportAttendants = () => {
    if (!summary.data) return;
    const csv = attendantsToCsv(summary.data.attendants, {
      name: t('attendants.name'),
      rating: t('attendants.rating'),
      avgSupportTime: t('attendants.avgSupportTimeMinutes'),
      tickets: t('attendants.tickets'),
      online: t('attendants.status'),
      yes: t('attendants.online'),
      no: t('attendants.offline'),
    });
    downloadText(t('export.attendantsFile'), csv);
  };

  const handleExportDays = () => {
    if (!byDay.data) return;
    const bucket = byDay.data.unit === 'hour' ? t('charts.hour') : t('charts.day');
    downloadText(t('export.daysFile'), ticketsByDayToCsv(byDay.data, { bucket, count: t('charts.tickets') }));
  };

  const periodText = period
    ? period.dateFrom === period.dateTo
      ? formatDate(period.dateFrom)
      : `${formatDate(period.dateFrom)} – ${formatDate(period.dateTo)}`
    : '';
  const isLoading = !summary.data;

  return (
    <Stack spacing={2} sx={{ pb: 2 }} data-testid="dashboard-page">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        {periodText && (
          <Typography color="text.secondary" data-testid="dashboard-period-text">
            {periodText}
          </Typography>
        )}
      </Stack>
      <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden' }}>
        <DashboardFilters filter={filter} isBusy={summary.isFetching} onChange={setFilter} onApply={handleApply} />
        {summary.isFetching && (
          <LinearProgress
            aria-label={t('loading')}
            sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 3 }}
          />
        )}
      </Box>
      <CounterCards counters={summary.data?.counters} />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <ChartCard
          title={t('charts.byUser')}
          subtitle={byUser.data ? t('charts.total', { count: byUser.data.count }) : undefined}
          isLoading={!byUser.data}
          isEmpty={byUser.data?.count === 0}
          emptyText={t('charts.empty')}
          testId="chart-by-user"
        >
          {byUser.data && <TicketsByUserChart series={byUser.data} label={t('charts.tickets')} />}
        </ChartCard>
        <ChartCard
          title={byDay.data?.unit === 'hour' ? t('charts.byHour') : t('charts.byDay')}
          subtitle={byDay.data ? t('charts.total', { count: byDay.data.count }) : undefined}
          action={
            <Button
              size="small"
              startIcon={<FileDownloadOutlined />}
              onClick={handleExportDays}
              disabled={!byDay.data}
              data-testid="dashboard-export-days"
            >
              {t('export.csv')}
            </Button>
          }
          isLoading={!byDay.data}
          isEmpty={byDay.data?.count === 0}
          emptyText={t('charts.empty')}
          testId="chart-by-day"
        >
          {byDay.data && (
            <TicketsByDayChart
              series={byDay.data}
              label={t('charts.tickets')}
              formatDay={(bucket) => formatDate(bucket).slice(0, 5)}
            />
          )}
        </ChartCard>
      </Box>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('attendants.title')}
          </Typography>
          <Button
            size="small"
            startIcon={<FileDownloadOutlined />}
            onClick={handleExportAttendants}
            disabled={isLoading}
            data-testid="dashboard-export-attendants"
          >
            {t('export.csv')}
          </Button>
        </Stack>
        <AttendantsTable attendants={summary.data?.attendants} />
      </Paper>
    </Stack>
  );
}
