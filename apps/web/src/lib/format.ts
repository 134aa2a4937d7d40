import { wallClockOf } from '@wacrm/shared/schedules/wall-clock';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The interface's one way to show dates and times (docs/decisions/dates-and-times.md): dd/MM/yyyy
 * and 24-hour HH:mm, local time, in every interface language (pt, es and en alike, the way the
 * date fields are typed). Screens use these helpers, never toLocale* or Intl.DateTimeFormat; a
 * test keeps it so.
 */
type DateInput = string | number | Date | null | undefined;

/**
 * dd/MM/yyyy in local time. A date-only string ("2026-03-05") is read as that calendar day, not
 * as UTC midnight, so it never shows the previous day west of Greenwich.
 */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** HH:mm (24 hours) in local time. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** dd/MM/yyyy HH:mm in local time. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${formatTime(date)}`;
}

/** dd/MM/yy HH:mm, for narrow columns (spec: the connections' last update). */
export function formatShortDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date).slice(0, 6)}${String(date.getFullYear()).slice(-2)} ${formatTime(date)}`;
}

/** HH:mm for a moment of today, dd/MM/yyyy before (spec: ticket rows). */
export function formatDayOrTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  return formatDate(date) === formatDate(now) ? formatTime(date) : formatDate(date);
}

/** A number as the interface language writes it (1.234,5 in pt and es, 1,234.5 in en). */
export function formatNumber(value: number, language: string, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits }).format(value);
}

/**
 * dd/MM/yyyy HH:mm as a wall clock in `timeZone` shows it (a company's time zone, not the
 * browser's: schedules are set and shown on the company's clock).
 */
export function formatDateTimeIn(value: DateInput, timeZone: string): string {
  const date = toDate(value);
  if (!date) return '';
  const clock = wallClockOf(date, timeZone);
  return `${pad(clock.day)}/${pad(clock.month)}/${clock.year} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** "5 min ago", "3 h ago", "2 days ago" (short, in the interface language) since `value`. */
export function formatTimeSince(value: DateInput, language: string, now = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = Math.max(0, Math.round((now - date.getTime()) / 1000));
  const format = new Intl.RelativeTimeFormat(intlLocale(language), {
    numeric: 'auto',
    style: 'short',
  });
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}

/** The browser's own time zone, for when the company's is not known yet. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The interface language's Intl locale: the interface's pt is Brazil's. */
const intlLocale = (language: string) => (language.startsWith('pt') ? 'pt-BR' : language);

/**
 * A calendar month ("2026-03") named in the interface language: "março de 2026", "March 2026",
 * "marzo de 2026". Names, not the dd/MM digits, so a month reads as a month; '' for garbage.
 */
export function formatMonth(month: string, language: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) return '';
  return new Intl.DateTimeFormat(intlLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
  );
}

/** "2026-03" of `now` in UTC, and the `count` months up to it, newest first. */
export function recentMonths(count: number, now: Date = new Date()): string[] {
  return Array.from({ length: count }, (_, back) => {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}`;
  });
}
