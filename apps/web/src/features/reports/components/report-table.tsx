import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReportFigure, ReportFigures } from '@wacrm/shared/reports/reports.schema';
import { useTranslation } from 'react-i18next';
import { type DurationTranslate, formatFigure } from '../model/report-format.ts';
import type { ReportSort } from '../model/report-sort.ts';

export interface ReportTableRow {
  key: string;
  label: string;
  figures: ReportFigures;
}

interface ReportTableProps {
  firstColumn: string;
  columns: readonly ReportFigure[];
  rows: ReportTableRow[];
  sort: ReportSort;
  onSort: (sort: ReportSort) => void;
}

/** The report's table, sortable by any column (the CSV export follows the same order). */
export function ReportTable({ firstColumn, columns, rows, sort, onSort }: ReportTableProps) {
  const { t, i18n } = useTranslation('reports');
  const duration = t as unknown as DurationTranslate;
  const sortBy = (column: ReportSort['column']) =>
    onSort({ column, direction: sort.column === column && sort.direction === 'desc' ? 'asc' : 'desc' });
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="report-table">
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 140 }}>
              <TableSortLabel
                active={sort.column === 'label'}
                direction={sort.column === 'label' ? sort.direction : 'asc'}
                onClick={() => sortBy('label')}
              >
                {firstColumn}
              </TableSortLabel>
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column} align="right" sx={{ whiteSpace: 'nowrap' }}>
                <TableSortLabel
                  active={sort.column === column}
                  direction={sort.column === column ? sort.direction : 'desc'}
                  onClick={() => sortBy(column)}
                  data-testid={`report-sort-${column}`}
                >
                  {t(`figures.${column}`)}
                </TableSortLabel>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length + 1} sx={{ color: 'text.secondary' }} data-testid="report-table-empty">
                {t('table.empty')}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.key} hover data-testid="report-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.label}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatFigure(column, row.figures[column], duration, i18n.language)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
