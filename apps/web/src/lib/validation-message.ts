import { i18n } from './i18n.ts';

// The shared zod schemas speak English; these are the messages they use, mapped to our keys.
const keysByMessage: Record<string, string> = {
  'Invalid email': 'auth:validation.invalidEmail',
  Required: 'auth:validation.required',
  'Too Short!': 'auth:validation.tooShort',
  'Too Long!': 'auth:validation.tooLong',
};

/** Translates a validation message of a shared schema; unknown messages pass through. */
export function translateValidation(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = keysByMessage[message];
  return key ? i18n.t(key) : message;
}
