import { errorMessage } from '../../../lib/error-message.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * spec §8: plans, companies and helps operation errors suggest checking for a duplicate name or
 * badly filled fields. The server's reason (translated) comes first, the hint after.
 */
export function notifyOperationError(error: unknown, hint: string): void {
  const reason = errorMessage(error) ?? i18n.t('common:genericError');
  toast.error(`${reason} ${hint}`, 5000);
}
