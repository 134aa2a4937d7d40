import type { QueryClient } from '@tanstack/react-query';
import { DASHBOARD_REFRESH_DEBOUNCE_MS, type DashboardAttendant } from '@wacrm/shared/dashboard/dashboard.schema';
import type { UserEvent } from '@wacrm/shared/realtime/events';
import { dashboardKeys } from '../api/dashboard-api.ts';

/**
 * Keeps the dashboard live without a refetch per event (issue 8): the first ticket or user event
 * starts a timer, and when it ends every dashboard query of the company refetches once, however
 * many events came meanwhile (at most one refresh per `delayMs`).
 */
export function createDashboardLiveRefresh(
  queryClient: QueryClient,
  companyId: number,
  delayMs = DASHBOARD_REFRESH_DEBOUNCE_MS,
) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(companyId) });
    }, delayMs);
  };
  return {
    onTicketEvent: schedule,
    /** Every presence heartbeat re-sends the user: only a new name or online state of a shown attendant counts. */
    onUserEvent(event: UserEvent, attendants: readonly DashboardAttendant[] | undefined) {
      if (event.action === 'update') {
        const shown = attendants?.find((attendant) => attendant.id === event.user.id);
        if (shown && shown.name === event.user.name && shown.online === Boolean(event.user.online)) return;
      }
      schedule();
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
