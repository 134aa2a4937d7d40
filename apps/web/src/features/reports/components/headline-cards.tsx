import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReportAnswer, ReportFigure } from '@wacrm/shared/reports/reports.schema';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { changeOf } from '../model/report-filter.ts';
import { type DurationTranslate, formatFigure, isLowerBetter } from '../model/report-format.ts';

interface HeadlineCardsProps {
  figures: readonly ReportFigure[];
  answer: ReportAnswer | undefined;
}

/** The report's headline figures, each with its change against the previous period of the same length. */
export function HeadlineCards({ figures, answer }: HeadlineCardsProps) {
  const { t, i18n } = useTranslation('reports');
  const duration = t as unknown as DurationTranslate;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(auto-fit, minmax(180px, 1fr))' },
      }}
      data-testid="report-headlines"
    >
      {figures.map((figure) => {
        const current = answer ? answer.totals[figure] : null;
        const change = answer ? changeOf(current, answer.previousTotals[figure]) : null;
        const isGood = change !== null && change !== 0 && change < 0 === isLowerBetter(figure);
        return (
          <Paper key={figure} variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={`report-headline-${figure}`}>
            <Typography variant="body2" color="text.secondary" noWrap title={t(`figures.${figure}`)}>
              {t(`figures.${figure}`)}
            </Typography>
            {answer ? (
              <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }} noWrap>
                {formatFigure(figure, current, duration, i18n.language)}
              </Typography>
            ) : (
              <Skeleton width="60%" height={40} />
            )}
            {answer && (
              <Typography
                variant="caption"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.25,
                  color: change === null || change === 0 ? 'text.secondary' : isGood ? 'success.main' : 'error.main',
                }}
                title={t('change.vsPrevious', answer.previousPeriod)}
              >
                {change !== null && change > 0 && <ArrowUpward sx={{ fontSize: 14 }} />}
                {change !== null && change < 0 && <ArrowDownward sx={{ fontSize: 14 }} />}
                {change === null
                  ? current
                    ? t('change.new')
                    : '—'
                  : change === 0
                    ? t('change.same')
                    : `${formatNumber(Math.abs(change), i18n.language, 1)}%`}
              </Typography>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}
