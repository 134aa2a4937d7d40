import { i18n } from './i18n.ts';

// The shared zod schemas speak English; these are the messages they use, mapped to our keys.
const keysByMessage: Record<string, string> = {
  'Invalid email': 'auth:validation.invalidEmail',
  Required: 'auth:validation.required',
  'Too Short!': 'auth:validation.tooShort',
  'Too Long!': 'auth:validation.tooLong',
  'Digits only': 'auth:validation.digitsOnly',
};

/**
 * Translates a validation message of a shared schema, or an error code the server put on a field
 * (`ERR_URL_UNRESOLVABLE`…) through the errors catalogue; unknown messages pass through.
 */
export function translateValidation(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (/^ERR_[A-Z0-9_]+$/.test(message) && i18n.exists(`errors:${message}`)) return i18n.t(`errors:${message}`);
  const key = keysByMessage[message];
  return key ? i18n.t(key) : message;
}
