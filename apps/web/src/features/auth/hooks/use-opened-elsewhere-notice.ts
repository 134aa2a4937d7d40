import { companyEvent } from '@wacrm/shared/realtime/events';
import { useTranslation } from 'react-i18next';
import { clearSession } from '../../../lib/session-storage.ts';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from './use-auth.ts';

/** spec: when the same user logs in elsewhere, this session shows a notice, clears storage and reloads after 1 s. */
export function useOpenedElsewhereNotice(): void {
  const user = useSessionUser();
  const { t } = useTranslation('auth');
  useSocketEvent(companyEvent(user.companyId, 'auth'), (payload) => {
    if (payload?.user?.id !== user.id) return;
    toast.error(t('openedElsewhere'));
    clearSession();
    setTimeout(() => window.location.reload(), 1000);
  });
}
