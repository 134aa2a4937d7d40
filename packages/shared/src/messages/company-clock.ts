import type { WeekdayEn } from '../company-schedules/company-schedules.schema.ts';

/** The languages of what the product writes to customers (company setting `messagesLanguage`). */
export type MessagesLanguage = 'pt' | 'en' | 'es';

/** A moment as the company's wall clock shows it. */
export interface LocalTime {
  weekday: WeekdayEn;
  /** 'HH:MM', comparable as a string with schedule times. */
  hhmm: string;
  hour: number;
  /** yyyyMMdd, for protocol numbers. */
  compactDate: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The company's clock, not the server's nor the browser's: business hours and greetings depend on it. */
export function localTime(moment: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(moment)
      .map((p) => [p.type, p.value]),
  );
  return {
    weekday: parts.weekday.toLowerCase() as WeekdayEn,
    hhmm: `${parts.hour}:${parts.minute}`,
    hour: Number(parts.hour),
    compactDate: `${parts.year}${parts.month}${parts.day}`,
  };
}

const locales: Record<MessagesLanguage, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

/** The date and the hour as a customer of that language writes them. */
export function localDateAndHour(moment: Date, timeZone: string, language: MessagesLanguage) {
  const locale = locales[language] ?? locales.pt;
  return {
    date: new Intl.DateTimeFormat(locale, { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(
      moment,
    ),
    hour: new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      moment,
    ),
  };
}
