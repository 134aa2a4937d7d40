import { greetingOfHour } from './automatic-texts.ts';
import { localDateAndHour, localTime, type MessagesLanguage } from './local-time.ts';

export interface VariableContext {
  contactName: string;
  ticketId: number;
  ticketCreatedAt: Date;
  now: Date;
  timeZone: string;
  language: MessagesLanguage;
}

/** spec: "contact first name, contact name, greeting, protocol number, date, hour". */
const VARIABLE = /\{\{\s*(firstName|name|ms|protocol|date|hour)\s*\}\}/g;

/**
 * The ticket's protocol number: the day it opened on the company's clock and its id
 * (`20261122-1234`). Stable for the ticket's life and unique in the company.
 */
export function protocolOf(ticketId: number, createdAt: Date, timeZone: string) {
  return `${localTime(createdAt, timeZone).compactDate}-${ticketId}`;
}

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
