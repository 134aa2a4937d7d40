import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import { dateFnsLocalizer } from 'react-big-calendar';

/**
 * The schedules calendar's localizer: react-big-calendar needs a date library for month and
 * weekday names and its grid; every date and time it writes is set in the calendar's formats
 * (lib/format.ts's dd/MM and HH:mm), so this is the one other place that formats dates.
 */
const locales = { 'pt-BR': ptBR, en: enUS, es };

export const calendarLocalizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales });

/** spec: the calendar's locale comes from the interface language, `pt` becoming pt-BR. */
export const calendarCulture = (language: string) =>
  language.startsWith('pt') ? 'pt-BR' : language.startsWith('es') ? 'es' : 'en';

/** Formats a calendar date with a date-fns pattern in the calendar's culture. */
export function formatCalendarDate(date: Date, pattern: string, culture?: string) {
  return format(date, pattern, { locale: locales[(culture ?? 'en') as keyof typeof locales] });
}

/** An agenda's range with dates in numbers, day first in every language (docs/decisions/dates-and-times.md). */
export function dayFirstRange({ start, end }: { start: Date; end: Date }, culture?: string) {
  return `${formatCalendarDate(start, 'dd/MM/yyyy', culture)} – ${formatCalendarDate(end, 'dd/MM/yyyy', culture)}`;
}
