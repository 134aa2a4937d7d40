import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { DashboardAttendant } from '@wacrm/shared/dashboard/dashboard.schema';
import type { UserEvent } from '@wacrm/shared/realtime/events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardKeys } from '../api/dashboard-api.ts';
import { createDashboardLiveRefresh } from './live-refresh.ts';

// The app's HTTP client needs a browser; these queries count their fetches instead.
vi.mock('../../../lib/api.ts', () => ({ http: {} }));

const COMPANY = 3;
const range = { initialDate: '2024-05-01', finalDate: '2024-05-10' };

/** The dashboard's three queries, mounted as the page mounts them, plus another screen's query. */
function mountedDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetches = { summary: 0, byUser: 0, byDay: 0, tickets: 0 };
  const observe = (queryKey: readonly unknown[], name: keyof typeof fetches) =>
    new QueryObserver(queryClient, { queryKey, queryFn: async () => ++fetches[name] }).subscribe(() => undefined);
  const unsubscribe = [
    observe(dashboardKeys.summary(COMPANY, { days: 7 }), 'summary'),
    observe(dashboardKeys.byUser(COMPANY, range), 'byUser'),
    observe(dashboardKeys.byDay(COMPANY, range), 'byDay'),
    observe(['tickets', COMPANY, 'open'], 'tickets'),
  ];
  return {
    queryClient,
    fetches,
    unmount: () => {
      for (const stop of unsubscribe) stop();
    },
  };
}

const once = { summary: 1, byUser: 1, byDay: 1, tickets: 1 };
const twice = { summary: 2, byUser: 2, byDay: 2, tickets: 1 };

const ana: DashboardAttendant = { id: 7, name: 'Ana', rating: 0, avgSupportTime: 0, tickets: 0, online: true };
const userUpdate = (fields: Partial<{ name: string; online: boolean }>): UserEvent => ({
  action: 'update',
  user: { id: 7, name: 'Ana', email: 'ana@example.com', profile: 'user', online: true, ...fields },
});

describe('dashboard live refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gathers a burst of ticket events into one refetch of every dashboard query, two seconds after the first', async () => {
    const { queryClient, fetches, unmount } = mountedDashboard();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toEqual(once);
    const live = createDashboardLiveRefresh(queryClient, COMPANY);

    // 40 events from 0 to 1.95 s: nothing until two seconds after the first.
    live.onTicketEvent();
    for (let index = 0; index < 39; index += 1) {
      await vi.advanceTimersByTimeAsync(50);
      live.onTicketEvent();
    }
    await vi.advanceTimersByTimeAsync(49);
    expect(fetches).toEqual(once);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toEqual(twice);
    // Quiet afterwards: no second refetch; the tickets screen's query is not the dashboard's.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetches).toEqual(twice);

    // The next burst is the next refetch.
    live.onTicketEvent();
    live.onTicketEvent();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetches).toEqual({ summary: 3, byUser: 3, byDay: 3, tickets: 1 });
    unmount();
  });

  it('ignores presence heartbeats that change nothing shown, and refreshes for a new name or online state', async () => {
    const { queryClient, fetches, unmount } = mountedDashboard();
    await vi.advanceTimersByTimeAsync(0);
    const live = createDashboardLiveRefresh(queryClient, COMPANY);

    for (let index = 0; index < 10; index += 1) live.onUserEvent(userUpdate({}), [ana]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetches).toEqual(once);

    live.onUserEvent(userUpdate({ online: false }), [ana]);
    live.onUserEvent(userUpdate({ name: 'Ana Paula' }), [ana]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetches).toEqual(twice);

    // A new attendant or one removed changes the table too.
    live.onUserEvent({ action: 'delete', userId: 7 }, [ana]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetches.summary).toBe(3);
    unmount();
  });

  it('drops a pending refresh when the page is left', async () => {
    const { queryClient, fetches, unmount } = mountedDashboard();
    await vi.advanceTimersByTimeAsync(0);
    const live = createDashboardLiveRefresh(queryClient, COMPANY);
    live.onTicketEvent();
    await vi.advanceTimersByTimeAsync(1_000);
    live.dispose();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetches).toEqual(once);
    unmount();
  });
});
