import { companyEvent } from '@wacrm/shared/realtime/events';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { applyUserEventToSession } from '../model/session-user-update.ts';
import { useAuth, useSessionUser } from './use-auth.ts';

/** Keeps the session user as an admin edits it: what depends on allTicket, queues or profile follows. */
export function useSessionUserUpdates(): void {
  const user = useSessionUser();
  const { setUser } = useAuth();
  useSocketEvent(companyEvent(user.companyId, 'user'), (event) => {
    const next = applyUserEventToSession(user, event);
    if (next !== user) setUser(next);
  });
}
