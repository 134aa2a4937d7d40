import { isApiError } from './api-error.ts';
import { i18n } from './i18n.ts';
import { toast } from './toast.ts';

/** The text to show for a failure: the translated catalogue code, else the raw code; null when there is no code. */
export function errorMessage(error: unknown): string | null {
  const code = isApiError(error) ? error.code : null;
  if (!code) return null;
  return i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}`) : code;
}

/** spec: a coded error is toasted; a plain string error is only logged. */
export function notifyError(error: unknown): void {
  const message = errorMessage(error);
  if (message) toast.error(message);
  else console.error(error);
}
