import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthSelect } from '../../../components/ui/month-select.tsx';
import { formatMonth, formatNumber, recentMonths } from '../../../lib/format.ts';
import { aiAssistApi, aiAssistKeys } from '../api/ai-assist-api.ts';

const thisMonth = () => recentMonths(1)[0];

/** Tokens by attendant for a month (UTC), with the budget beside the total. */
export function AiAssistUsageTable({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation('aiAssist');
  const [month, setMonth] = useState(thisMonth);
  const usage = useQuery({ queryKey: aiAssistKeys.usage(companyId, month), queryFn: () => aiAssistApi.usage(month) });
  const number = (value: number) => formatNumber(value, i18n.language);
  const data = usage.data;
  const used = data ? data.total.inputTokens + data.total.outputTokens : 0;
  // "this month" only for the current one; an earlier month is named ("used in March 2026").
  const isThisMonth = month === thisMonth();
  // This month's budget is spent: said in the warning colour, as the attendants' buttons are off.
  const isOverBudget = isThisMonth && data !== undefined && data.monthlyTokens > 0 && used >= data.monthlyTokens;
  const usedText = (budget: number, tokens: number) => {
    const values = { used: number(tokens), budget: number(budget), month: formatMonth(month, i18n.language) };
    if (budget > 0) return t(isThisMonth ? 'settings.used' : 'settings.usedIn', values);
    return t(isThisMonth ? 'settings.usedNoLimit' : 'settings.usedInNoLimit', values);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="ai-assist-usage">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          {t('settings.usageTitle')}
        </Typography>
        <MonthSelect
          size="small"
          label={t('settings.month')}
          value={month}
          onChange={setMonth}
          testId="ai-assist-usage-month"
          sx={{ minWidth: 200 }}
        />
      </Stack>
      {data && (
        <Typography
          variant="body2"
          color={isOverBudget ? 'warning.main' : 'text.secondary'}
          sx={{ mb: 1 }}
          data-testid="ai-assist-usage-total"
        >
          {usedText(data.monthlyTokens, used)}
        </Typography>
      )}
      {data && data.byUser.length === 0 ? (
        <Typography variant="body2">{t('settings.noUsage')}</Typography>
      ) : (
        <Table size="small" sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('settings.attendant')}</TableCell>
              <TableCell align="right">{t('settings.requests')}</TableCell>
              <TableCell align="right">{t('settings.inputTokens')}</TableCell>
              <TableCell align="right">{t('settings.outputTokens')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.byUser.map((row) => (
              <TableRow key={String(row.userId)} data-testid="ai-assist-usage-row">
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.userName ?? t('settings.removedUser')}</TableCell>
                <TableCell align="right">{number(row.requests)}</TableCell>
                <TableCell align="right">{number(row.inputTokens)}</TableCell>
                <TableCell align="right">{number(row.outputTokens)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
