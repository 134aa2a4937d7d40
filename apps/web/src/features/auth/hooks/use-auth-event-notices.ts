import { companyEvent } from '@wacrm/shared/realtime/events';
import { useTranslation } from 'react-i18next';
import { clearSession } from '../../../lib/session-storage.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { toast } from '../../../lib/toast.ts';
import {
  OPENED_ELSEWHERE,
  reloadWithSessionEndNotice,
  type SessionEndNotice,
  sessionEndMessage,
} from '../model/session-end-notice.ts';
import { useSessionUser } from './use-auth.ts';

/** spec: the notice shows 1 s before the page reloads onto the login page, which keeps showing it. */
const RELOAD_DELAY_MS = 1000;

/**
 * `company-{id}-auth` ends this session with a notice: the same user logged in elsewhere (spec),
 * or the super user switched the company off or put it past its due date (ours; the login page
 * keeps explaining why after the reload).
 */
export function useAuthEventNotices(): void {
  const user = useSessionUser();
  const { t } = useTranslation('auth');
  useSocketEvent(companyEvent(user.companyId, 'auth'), (payload) => {
    let notice: SessionEndNotice;
    if (payload?.action === 'companyBlocked') {
      notice = { reason: payload.reason, dueDate: payload.dueDate };
    } else if (payload?.user?.id === user.id) {
      notice = { reason: OPENED_ELSEWHERE, dueDate: null };
    } else return;
    toast.error(sessionEndMessage(t, notice), 4000);
    clearSession();
    // The login page after the reload keeps saying it until dismissed. Kept only now: a login page
    // shown in between (a request refused once the session is gone) must not consume it first.
    setTimeout(() => reloadWithSessionEndNotice(notice), RELOAD_DELAY_MS);
  });
}
