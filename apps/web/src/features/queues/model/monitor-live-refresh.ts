import type { QueryClient } from '@tanstack/react-query';
import type { QueueMonitorAttendant } from '@wacrm/shared/queues/queue-monitor.schema';
import type { UserEvent, UserEventUser } from '@wacrm/shared/realtime/events';
import { queueMonitorKeys } from '../api/queue-monitor-api.ts';

/** Ticket and user events are gathered for this long, then the monitor reads everything once. */
export const MONITOR_REFRESH_DEBOUNCE_MS = 1_000;

/**
 * Keeps the queue monitor live without a request per event: the first ticket or user event of
 * the company starts a timer, and when it ends every monitor query refetches once, however many
 * events came meanwhile (a burst of 500 customers costs one read a second, not 500).
 */
export function createMonitorLiveRefresh(
  queryClient: QueryClient,
  companyId: number,
  delayMs = MONITOR_REFRESH_DEBOUNCE_MS,
) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void queryClient.invalidateQueries({ queryKey: queueMonitorKeys.all(companyId) });
    }, delayMs);
  };
  return {
    onTicketEvent: schedule,
    /**
     * Each presence heartbeat re-sends the user: only a change the monitor shows counts (came
     * online or left, a new name, paused or resumed, another reason).
     */
    onUserEvent(event: UserEvent, attendants: readonly QueueMonitorAttendant[] | undefined) {
      if (event.action === 'update' && attendants) {
        const { user } = event;
        const shown = attendants.find((attendant) => attendant.userId === user.id);
        if (!shown && user.online === false) return;
        if (shown && isSameAsShown(shown, user)) return;
      }
      schedule();
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

function isSameAsShown(shown: QueueMonitorAttendant, user: UserEventUser) {
  if (user.online === false || shown.name !== user.name) return false;
  // The heartbeat's payload may carry fewer fields than the user record: only those it has are compared.
  if (typeof user.paused === 'boolean' && user.paused !== shown.paused) return false;
  if ('pauseReason' in user && (user.pauseReason ?? null) !== shown.pauseReason) return false;
  return true;
}
