import { companyEvent } from '@wacrm/shared/realtime/events';
import { useTranslation } from 'react-i18next';
import { clearSession } from '../../../lib/session-storage.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { toast } from '../../../lib/toast.ts';
import { keepSessionEndNotice, sessionEndMessage } from '../model/session-end-notice.ts';
import { useSessionUser } from './use-auth.ts';

/** spec: the notice shows 1 s before the page reloads onto the login page. */
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
    if (payload?.action === 'companyBlocked') {
      const notice = { reason: payload.reason, dueDate: payload.dueDate };
      toast.error(sessionEndMessage(t, notice), 4000);
      keepSessionEndNotice(notice);
    } else if (payload?.user?.id === user.id) {
      toast.error(t('openedElsewhere'));
    } else return;
    clearSession();
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  });
}
