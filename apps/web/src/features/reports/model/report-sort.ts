import type { ReportAnswer, ReportFigure } from '@wacrm/shared/reports/reports.schema';

export interface ReportSort {
  column: 'label' | ReportFigure;
  direction: 'asc' | 'desc';
}

/** Nulls (nothing measured) always last, whatever the direction. */
function compare<Row extends { label: string; figures: Record<string, unknown> }>(sort: ReportSort) {
  return (a: Row, b: Row) => {
    const sign = sort.direction === 'asc' ? 1 : -1;
    if (sort.column === 'label') return sign * a.label.localeCompare(b.label);
    const x = a.figures[sort.column] as number | null;
    const y = b.figures[sort.column] as number | null;
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y);
  };
}

export function sortRows<Row extends { label: string; figures: Record<string, unknown> }>(
  rows: Row[],
  sort: ReportSort,
): Row[] {
  return [...rows].sort(compare<Row>(sort));
}

/** The answer with its table in the order shown, so the CSV is exactly what is on screen. */
export function sortedAnswer(answer: ReportAnswer, sort: ReportSort, labelOf: (id: number, name: string) => string) {
  if (answer.kind === 'overview') {
    const series = sortRows(
      answer.series.map((point) => ({ label: point.bucket, figures: point, point })),
      sort,
    ).map((row) => row.point);
    return { ...answer, series };
  }
  const rows = sortRows(
    answer.rows.map((row) => ({ label: labelOf(row.id, row.name), figures: row, row })),
    sort,
  ).map(({ row, label }) => ({ ...row, name: label }));
  return { ...answer, rows };
}
