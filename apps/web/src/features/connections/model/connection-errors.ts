import { translateValidation } from '../../../lib/validation-message.ts';

type Translate = (key: string) => string;

/**
 * The connection routes' field messages (English, from the server) → translation keys. "Already
 * in use" is said of a name or a token; the rest mean the same on any field.
 */
function keyOf(field: string, message: string) {
  if (message === 'Already in use' && (field === 'name' || field === 'token')) {
    return `connections:fieldErrors.${field}InUse`;
  }
  if (message === 'The sandbox is disabled on this server') return 'connections:fieldErrors.sandboxDisabled';
  if (message === 'Unknown queue') return 'connections:fieldErrors.unknownQueue';
  return null;
}

/** A server field error as the form shows it: translated when known, else the shared validation texts. */
export function connectionFieldError(field: string, message: string, t: Translate) {
  const key = keyOf(field, message);
  return key ? t(key) : (translateValidation(message) ?? message);
}
