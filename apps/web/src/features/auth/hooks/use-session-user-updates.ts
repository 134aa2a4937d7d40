import { companyEvent } from '@wacrm/shared/realtime/events';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { authApi } from '../api/auth-api.ts';
import { applyUserEventToSession } from '../model/session-user-update.ts';
import { useAuth, useSessionUser } from './use-auth.ts';

/**
 * Keeps the session user as an admin edits it: what depends on allTicket, queues or profile
 * follows, and a two-step rule turned on sends whoever it names to the set-up at once.
 */
export function useSessionUserUpdates(): void {
  const user = useSessionUser();
  const { setUser } = useAuth();
  useSocketEvent(companyEvent(user.companyId, 'user'), (event) => {
    const next = applyUserEventToSession(user, event);
    if (next !== user) setUser(next);
  });
  useSocketEvent(companyEvent(user.companyId, 'settings'), (event) => {
    const setting = event.setting as { key?: string } | undefined;
    if (setting?.key !== 'require2faForAdmins') return;
    authApi
      .me()
      .then(setUser)
      .catch(() => undefined);
  });
}
