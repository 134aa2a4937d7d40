import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DASHBOARD_PERIODS } from '@wacrm/shared/dashboard/dashboard.schema';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-field.tsx';
import { changeFilterType, type DashboardFilter, type FilterType } from '../model/dashboard-filter.ts';

interface DashboardFiltersProps {
  filter: DashboardFilter;
  isBusy: boolean;
  onChange: (filter: DashboardFilter) => void;
  onApply: () => void;
}

/** spec: filter type by date (from, to) or by period (none, 3 … 90 days), then "Filter". */
export function DashboardFilters({ filter, isBusy, onChange, onApply }: DashboardFiltersProps) {
  const { t } = useTranslation('dashboard');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={handleSubmit} data-testid="dashboard-filters">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('filters.type')}
          value={filter.type}
          onChange={(event) => onChange(changeFilterType(filter, event.target.value as FilterType))}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dashboard-filter-type' } as object } }}
        >
          <MenuItem value="date">{t('filters.byDate')}</MenuItem>
          <MenuItem value="period">{t('filters.byPeriod')}</MenuItem>
        </TextField>
        {filter.type === 'date' ? (
          <Stack direction="row" spacing={2} sx={{ flex: 1 }}>
            <DateField
              size="small"
              label={t('filters.dateFrom')}
              value={filter.dateFrom}
              onChange={(dateFrom) => onChange({ ...filter, dateFrom })}
              testId="dashboard-date-from"
              sx={{ flex: 1, maxWidth: { md: 200 } }}
            />
            <DateField
              size="small"
              label={t('filters.dateTo')}
              value={filter.dateTo}
              onChange={(dateTo) => onChange({ ...filter, dateTo })}
              testId="dashboard-date-to"
              sx={{ flex: 1, maxWidth: { md: 200 } }}
            />
          </Stack>
        ) : (
          <TextField
            select
            size="small"
            label={t('filters.period')}
            value={filter.days}
            onChange={(event) => onChange({ ...filter, days: Number(event.target.value) })}
            sx={{ minWidth: 200, flex: { md: 1 }, maxWidth: { md: 416 } }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dashboard-period' } as object } }}
          >
            {DASHBOARD_PERIODS.map((days) => (
              <MenuItem key={days} value={days} data-testid={`dashboard-period-${days}`}>
                {days === 0 ? t('filters.none') : t('filters.lastDays', { count: days })}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button
          type="submit"
          variant="contained"
          startIcon={<FilterListOutlined />}
          disabled={isBusy}
          data-testid="dashboard-apply"
          sx={{ ml: { md: 'auto' }, alignSelf: { xs: 'stretch', md: 'center' } }}
        >
          {t('filters.apply')}
        </Button>
      </Stack>
    </Paper>
  );
}
