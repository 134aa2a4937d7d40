import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { reportChartFigures, reportColumns, reportHeadlines, reportToCsv } from '@wacrm/shared/reports/report-columns';
import { type ReportKind, reportKinds } from '@wacrm/shared/reports/report-kinds';
import type { ReportAnswer, ReportFigure } from '@wacrm/shared/reports/reports.schema';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { downloadText } from '../../../lib/download-text.ts';
import { useSessionUser } from '../../auth/index.ts';
import { ChartCard } from '../../dashboard/index.ts';
import { useCompanyTimeZone } from '../../settings/index.ts';
import { reportsApi, reportsKeys } from '../api/reports-api.ts';
import { HeadlineCards } from '../components/headline-cards.tsx';
import { ReportChart } from '../components/report-chart.tsx';
import { ReportFilters } from '../components/report-filters.tsx';
import { ReportTable } from '../components/report-table.tsx';
import { SatisfactionComments } from '../components/satisfaction-comments.tsx';
import { useFilterOptions } from '../hooks/use-filter-options.ts';
import { choosePreset, initialFilter, type ReportFilter, toReportQuery } from '../model/report-filter.ts';
import { type ReportSort, sortedAnswer } from '../model/report-sort.ts';

const isKind = (value: string | undefined): value is ReportKind => reportKinds.includes(value as ReportKind);

/**
 * Reports (issue 50): one tab per report, each with headline figures and their change, a chart over
 * time, a sortable table and the CSV of exactly that table. Attendants see their own figures.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation('reports');
  const user = useSessionUser();
  const navigate = useNavigate();
  const params = useParams();
  const kind: ReportKind = isKind(params.kind) ? params.kind : 'overview';
  const canViewAll = hasPermission(user, 'reports:viewAll');
  const timeZone = useCompanyTimeZone(user.companyId);
  const [draft, setDraft] = useState<ReportFilter>(() => initialFilter(new Date(), timeZone));
  const [applied, setApplied] = useState(draft);
  // The browser's zone stands in until the company's arrives: a preset then moves to its days.
  useEffect(() => {
    const onCompanyCalendar = (filter: ReportFilter) => choosePreset(filter, filter.preset, new Date(), timeZone);
    setDraft(onCompanyCalendar);
    setApplied(onCompanyCalendar);
  }, [timeZone]);
  const [sort, setSort] = useState<ReportSort>({ column: 'label', direction: 'asc' });
  const options = useFilterOptions(user.companyId, canViewAll);
  const query = toReportQuery(applied);
  const report = useQuery({
    queryKey: reportsKeys.report(user.companyId, kind, query),
    queryFn: ({ signal }) => reportsApi.report(kind, query, signal),
    placeholderData: keepPreviousData,
  });
  const answer = report.data?.kind === kind ? (report.data as ReportAnswer) : undefined;

  const noneLabel = t(`none.${kind}`);
  const shown = useMemo(
    () => (answer ? sortedAnswer(answer, sort, (id, name) => (id === 0 ? noneLabel : name)) : undefined),
    [answer, sort, noneLabel],
  );
  const tableRows = shown
    ? shown.kind === 'overview'
      ? shown.series.map((point) => ({ key: point.bucket, label: point.bucket, figures: point }))
      : shown.rows.map((row) => ({ key: String(row.id), label: row.name, figures: row }))
    : [];
  const figureLabel = (figure: ReportFigure) => t(`figures.${figure}`);
  const hasActivity = answer?.series.some((point) =>
    reportChartFigures[kind].some((figure) => (point[figure] ?? 0) > 0),
  );

  const handleExport = () => {
    if (!shown) return;
    const lang = (['pt', 'en', 'es'] as const).find((code) => i18n.language.startsWith(code)) ?? 'en';
    downloadText(`${kind}-${applied.from}-${applied.to}.csv`, reportToCsv(shown, lang));
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 3 }, minWidth: 0 }} data-testid="reports-page">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('title')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={handleExport}
          disabled={!shown}
          data-testid="report-export"
        >
          {t('exportCsv')}
        </Button>
      </Stack>
      <Tabs
        value={kind}
        onChange={(_event, next: ReportKind) => navigate(`/reports/${next}`)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {reportKinds.map((tab) => (
          <Tab key={tab} value={tab} label={t(`tabs.${tab}`)} data-testid={`report-tab-${tab}`} />
        ))}
      </Tabs>
      {!canViewAll && <Alert severity="info">{t('ownFigures')}</Alert>}
      {answer?.rebuilding && (
        <Alert severity="warning" data-testid="report-rebuilding">
          {t('rebuilding')}
        </Alert>
      )}
      <ReportFilters
        filter={draft}
        timeZone={timeZone}
        options={canViewAll ? options : null}
        onChange={setDraft}
        onApply={() => setApplied(draft)}
      />
      <HeadlineCards figures={reportHeadlines[kind]} answer={answer} />
      {kind === 'overview' && (
        // Service levels met and breached by the cycles that started in the period.
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="report-sla">
          <Typography variant="subtitle1" component="h2">
            {t('sla.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {answer?.sla
              ? [
                  `${t('sla.firstResponse')}: ${t('sla.met')} ${answer.sla.firstResponse.met} · ${t('sla.breached')} ${answer.sla.firstResponse.breached}`,
                  `${t('sla.resolution')}: ${t('sla.met')} ${answer.sla.resolution.met} · ${t('sla.breached')} ${answer.sla.resolution.breached}`,
                ].join(' — ')
              : t('sla.notSet')}
          </Typography>
        </Paper>
      )}
      <ChartCard
        title={t('chart.title')}
        subtitle={answer ? `${answer.period.from} – ${answer.period.to} · ${answer.period.timeZone}` : undefined}
        isLoading={!answer}
        isEmpty={!hasActivity}
        emptyText={t('chart.empty')}
        testId="report-chart"
      >
        {answer && <ReportChart series={answer.series} figures={reportChartFigures[kind]} labelOf={figureLabel} />}
      </ChartCard>
      <Box sx={{ minWidth: 0 }}>
        <ReportTable
          firstColumn={t(`columns.${kind}`)}
          columns={reportColumns[kind]}
          rows={tableRows}
          sort={sort}
          onSort={setSort}
        />
      </Box>
      {kind === 'satisfaction' && answer?.comments && (
        <SatisfactionComments
          comments={answer.comments}
          timeZone={answer.period.timeZone}
          fileName={`comments-${applied.from}-${applied.to}.csv`}
        />
      )}
    </Stack>
  );
}
