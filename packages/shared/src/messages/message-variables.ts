import { settingDefinitions } from '../settings/settings.ts';
import { localDateAndHour, localTime, type MessagesLanguage } from './company-clock.ts';

/**
 * Message variables (spec core §3): one implementation for the server's automatic messages and
 * the composer's quick replies, so both speak the company's language on the company's clock.
 */

/** The variables a message may use, for the buttons next to the message field. */
export const templateVariables = ['firstName', 'name', 'ms', 'protocol', 'date', 'hour'] as const;

export interface CompanyLocale {
  /** IANA zone of the company (setting `timezone`). */
  timeZone: string;
  /** Setting `messagesLanguage`. */
  language: MessagesLanguage;
}

export interface VariableContext extends CompanyLocale {
  contactName: string;
  ticketId: number;
  ticketCreatedAt: Date;
  now: Date;
}

const periods: Record<MessagesLanguage, { night: string; morning: string; afternoon: string; evening: string }> = {
  pt: { night: 'Boa madrugada', morning: 'Bom dia', afternoon: 'Boa tarde', evening: 'Boa noite' },
  en: { night: 'Good night', morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening' },
  es: { night: 'Buenas noches', morning: 'Buenos días', afternoon: 'Buenas tardes', evening: 'Buenas noches' },
};

/** {{ms}}: the greeting of an hour on the company's clock (night before 5, morning before 12, …). */
export function greetingOfHour(hour: number, language: MessagesLanguage) {
  const words = periods[language] ?? periods.pt;
  if (hour < 5) return words.night;
  if (hour < 12) return words.morning;
  if (hour < 18) return words.afternoon;
  return words.evening;
}

/**
 * The ticket's protocol number: the day it opened on the company's clock and its id
 * (`20261122-1234`). Stable for the ticket's life and unique in the company.
 */
export function protocolOf(ticketId: number, createdAt: Date, timeZone: string) {
  return `${localTime(createdAt, timeZone).compactDate}-${ticketId}`;
}

const VARIABLE = /\{\{\s*(firstName|name|ms|protocol|date|hour)\s*\}\}/g;

/** Replaces {{firstName}}, {{name}}, {{ms}}, {{protocol}}, {{date}} and {{hour}}; other braces stay as written. */
export function renderVariables(text: string, context: VariableContext) {
  if (!text.includes('{{')) return text;
  const { date, hour } = localDateAndHour(context.now, context.timeZone, context.language);
  const values: Record<string, string> = {
    firstName: context.contactName.trim().split(/\s+/)[0] ?? '',
    name: context.contactName.trim(),
    ms: greetingOfHour(localTime(context.now, context.timeZone).hour, context.language),
    protocol: protocolOf(context.ticketId, context.ticketCreatedAt, context.timeZone),
    date,
    hour,
  };
  return text.replace(VARIABLE, (_match, name: string) => values[name] ?? '');
}

/** The company's clock and messages language from its settings (a missing key means its default). */
export function companyLocaleOf(settings: readonly { key: string; value: string }[]): CompanyLocale {
  const read = (key: 'timezone' | 'messagesLanguage') =>
    settings.find((setting) => setting.key === key)?.value ?? settingDefinitions[key].default;
  const language = read('messagesLanguage');
  return {
    timeZone: read('timezone'),
    language: (language === 'en' || language === 'es' ? language : 'pt') as MessagesLanguage,
  };
}
