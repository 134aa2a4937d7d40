import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { reportGroupings } from '@wacrm/shared/reports/report-kinds';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-field.tsx';
import { choosePreset, type PeriodPreset, periodPresets, type ReportFilter } from '../model/report-filter.ts';

export interface FilterOption {
  id: number;
  name: string;
}

export interface FilterOptions {
  queueIds: FilterOption[];
  userIds: FilterOption[];
  whatsappIds: FilterOption[];
  tagIds: FilterOption[];
}

interface ReportFiltersProps {
  filter: ReportFilter;
  /** The company's zone: presets are days of its calendar. */
  timeZone: string;
  /** Admins and supervisors filter by queue, attendant, connection and tag; attendants only by period. */
  options: FilterOptions | null;
  onChange: (filter: ReportFilter) => void;
  onApply: () => void;
}

const dimensionLabels = {
  queueIds: 'filters.queues',
  userIds: 'filters.attendants',
  whatsappIds: 'filters.connections',
  tagIds: 'filters.tags',
} as const;

/** Period (presets or custom days), grouping, and the dimension filters, applied together. */
export function ReportFilters({ filter, timeZone, options, onChange, onApply }: ReportFiltersProps) {
  const { t } = useTranslation('reports');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={handleSubmit} data-testid="report-filters">
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('filters.period')}
          value={filter.preset}
          onChange={(event) => onChange(choosePreset(filter, event.target.value as PeriodPreset, new Date(), timeZone))}
          sx={{ minWidth: 170, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'report-period' } as object } }}
        >
          {periodPresets.map((preset) => (
            <MenuItem key={preset} value={preset}>
              {t(`filters.${preset}`)}
            </MenuItem>
          ))}
        </TextField>
        {filter.preset === 'custom' && (
          <>
            <DateField
              size="small"
              label={t('filters.from')}
              value={filter.from}
              onChange={(from) => onChange({ ...filter, from })}
              testId="report-from"
              sx={{ width: { xs: 'calc(50% - 8px)', sm: 160 } }}
            />
            <DateField
              size="small"
              label={t('filters.to')}
              value={filter.to}
              onChange={(to) => onChange({ ...filter, to })}
              testId="report-to"
              sx={{ width: { xs: 'calc(50% - 8px)', sm: 160 } }}
            />
          </>
        )}
        <TextField
          select
          size="small"
          label={t('filters.groupBy')}
          value={filter.groupBy}
          onChange={(event) => onChange({ ...filter, groupBy: event.target.value as ReportFilter['groupBy'] })}
          sx={{ minWidth: 120, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'report-group-by' } as object } }}
        >
          {reportGroupings.map((grouping) => (
            <MenuItem key={grouping} value={grouping}>
              {t(`filters.${grouping}`)}
            </MenuItem>
          ))}
        </TextField>
        {options &&
          (Object.keys(dimensionLabels) as (keyof FilterOptions)[]).map((dimension) => (
            <TextField
              key={dimension}
              select
              size="small"
              label={t(dimensionLabels[dimension])}
              value={filter[dimension]}
              onChange={(event) =>
                onChange({ ...filter, [dimension]: (event.target.value as unknown as number[]).map(Number) })
              }
              sx={{ width: { xs: '100%', sm: 170 } }}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) =>
                    (selected as number[])
                      .map((id) => options[dimension].find((option) => option.id === id)?.name ?? id)
                      .join(', '),
                  SelectDisplayProps: { 'data-testid': `report-filter-${dimension}` } as object,
                },
              }}
            >
              {options[dimension].map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
          ))}
        <Button
          type="submit"
          variant="contained"
          startIcon={<FilterListOutlined />}
          data-testid="report-apply"
          sx={{ ml: { sm: 'auto' }, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {t('filters.apply')}
        </Button>
      </Stack>
    </Paper>
  );
}
