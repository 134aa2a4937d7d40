/**
 * Typed dates as the interface shows them everywhere (dd/MM/yyyy, like `formatDate`), to and from
 * the yyyy-MM-dd the API speaks. A native date input would follow the browser's own locale instead
 * of the interface language (Chromium shows 11/23/2026 under pt-BR).
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Keeps digits only and inserts the slashes as the user types: "2311" reads "23/11". */
export function maskDateText(input: string): string {
  const trimmed = input.trim();
  // A pasted API date is taken as it is meant.
  if (ISO_DAY.test(trimmed)) return isoToDateText(trimmed);
  const digits = trimmed.replace(/\D/g, '').slice(0, 8);
  if (digits.length > 4) return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}

/** "2026-11-23" → "23/11/2026"; anything else → "". */
export function isoToDateText(iso: string): string {
  const match = ISO_DAY.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** "23/11/2026" → "2026-11-23"; an incomplete or impossible day (31/02/2026) → null. */
export function dateTextToIso(text: string): string | null {
  const match = DISPLAY_DAY.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? `${match[3]}-${match[2]}-${match[1]}` : null;
}
