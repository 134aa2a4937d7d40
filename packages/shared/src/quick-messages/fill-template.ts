/** The languages the greeting variable speaks. */
export type TemplateLanguage = 'pt' | 'en' | 'es';

/** What the template variables are filled from. */
export interface TemplateContext {
  /** The contact's name; `{{firstName}}` is its first word. */
  contactName?: string | null;
  /** The ticket's id, appended to the protocol number. */
  ticketId?: number | null;
  /** The moment to fill `{{ms}}`, `{{protocol}}`, `{{date}}` and `{{hour}}` with (default: now, local time). */
  now?: Date;
  /** The greeting's language (default pt); a regional code such as `pt-BR` counts as its language. */
  language?: string;
}

const greetings: Record<TemplateLanguage, [morning: string, afternoon: string, evening: string]> = {
  pt: ['Bom dia', 'Boa tarde', 'Boa noite'],
  en: ['Good morning', 'Good afternoon', 'Good evening'],
  es: ['Buenos días', 'Buenas tardes', 'Buenas noches'],
};

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** The greeting for an hour of the day: morning 5–11, afternoon 12–17, evening otherwise. */
export function greetingFor(hour: number, language = 'pt'): string {
  const code = language.slice(0, 2).toLowerCase();
  const [morning, afternoon, evening] = greetings[(code in greetings ? code : 'pt') as TemplateLanguage];
  if (hour >= 5 && hour < 12) return morning;
  if (hour >= 12 && hour < 18) return afternoon;
  return evening;
}

/**
 * Fills a quick message's variables (spec core §3 "message variables"): `{{firstName}}`,
 * `{{name}}`, `{{ms}}` (greeting by the hour), `{{protocol}}` (yyyyMMddHHmmss + ticket id),
 * `{{date}}` (dd/MM/yyyy) and `{{hour}}` (HH:mm). Spaces inside the braces are allowed; unknown
 * variables are left as written. Pure: the moment comes in through `now`.
 */
export function fillTemplate(template: string, context: TemplateContext = {}): string {
  const now = context.now ?? new Date();
  const name = (context.contactName ?? '').trim();
  const date = `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
  const hour = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  const stamp =
    `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}` +
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  const values: Record<string, string> = {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    ms: greetingFor(now.getHours(), context.language),
    protocol: `${stamp}${context.ticketId ?? ''}`,
    date,
    hour,
  };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? values[key] : whole,
  );
}

/** The variables a quick message may use, for hints next to the message field. */
export const templateVariables = ['firstName', 'name', 'ms', 'protocol', 'date', 'hour'] as const;
