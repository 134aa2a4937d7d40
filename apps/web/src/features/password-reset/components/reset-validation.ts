import { i18n } from '../../../lib/i18n.ts';
import { translateValidation } from '../../../lib/validation-message.ts';

// Messages of the reset schemas that the shared validation map does not know.
const keysByMessage: Record<string, string> = {
  'Needs a lowercase letter': 'password-reset:validation.lowercase',
  'Needs an uppercase letter': 'password-reset:validation.uppercase',
  'Needs a digit': 'password-reset:validation.digit',
  'Invalid code': 'password-reset:validation.code',
  'Passwords do not match': 'password-reset:validation.mismatch',
};

export function translateResetValidation(message: string | undefined): string | undefined {
  if (message && keysByMessage[message]) return i18n.t(keysByMessage[message]);
  if (message === 'Too Short!') return i18n.t('password-reset:validation.tooShort');
  return translateValidation(message);
}
