import type { SessionUser } from '@wacrm/shared/auth/auth.schema';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { formatDate } from '../../lib/format.ts';

export interface GreetingDueDate {
  /** A `shell` namespace key: a trial company reads when its trial ends, not its subscription. */
  key: 'topBar.trialEnds' | 'topBar.subscriptionEnds';
  date: string;
}

/** What the top bar's greeting adds after the name: admins read when the company's access ends. */
export function greetingDueDate(user: SessionUser): GreetingDueDate | null {
  if (!hasPermission(user, 'drawer-admin-items:view')) return null;
  const date = formatDate(user.company.dueDate);
  if (!date) return null;
  return { key: user.company.isTrial ? 'topBar.trialEnds' : 'topBar.subscriptionEnds', date };
}
