/** spec: how far a renewal moves the due date. */
export const recurrences = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof recurrences)[number];

export const recurrenceMonths: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as 'yyyy-MM-dd', or null (spec: an invalid due date is sent as null). */
export function toIsoDayOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DAY.exec(value.trim().slice(0, 10));
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? value.trim().slice(0, 10) : null;
}

/**
 * Adds whole months to a calendar day, clamping to the last day of the target month:
 * 2024-01-31 + 1 month = 2024-02-29, 2023-01-31 + 1 month = 2023-02-28.
 */
export function addMonthsClamped(isoDay: string, months: number): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  const targetIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(targetIndex / 12);
  const targetMonth = targetIndex - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth + 1)}-${pad(Math.min(day, lastDay))}`;
}

/**
 * spec "Company renewal": the due date moves forward by the recurrence, counted from the
 * current due date (not from today, so paying early or late keeps the billing day).
 * A company without a due date is renewed from `today`.
 */
export function renewDueDate(dueDate: string | null, recurrence: Recurrence, today: string): string {
  return addMonthsClamped(toIsoDayOrNull(dueDate) ?? today, recurrenceMonths[recurrence]);
}
