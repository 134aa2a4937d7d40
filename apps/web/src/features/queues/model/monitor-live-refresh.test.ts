import { QueryClient } from '@tanstack/react-query';
import type { QueueMonitorAttendant } from '@wacrm/shared/queues/queue-monitor.schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMonitorLiveRefresh } from './monitor-live-refresh.ts';

// The app's HTTP client needs a browser; only the cache is looked at here.
vi.mock('../../../lib/api.ts', () => ({ http: {} }));

const ana: QueueMonitorAttendant = {
  userId: 7,
  name: 'Ana',
  queueIds: [1],
  openTickets: 2,
  capacity: 5,
  paused: false,
  pauseReason: null,
  pausedAt: null,
};

describe('the monitor’s live refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const spied = () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue(undefined);
    return { queryClient, invalidate };
  };

  it('reads once per burst of ticket events', () => {
    const { queryClient, invalidate } = spied();
    const live = createMonitorLiveRefresh(queryClient, 1, 1000);
    for (let index = 0; index < 50; index++) live.onTicketEvent();
    vi.advanceTimersByTime(1000);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['queue-monitor', 1] });
  });

  it('ignores heartbeats that change nothing shown, and reads on a pause or a departure', () => {
    const { queryClient, invalidate } = spied();
    const live = createMonitorLiveRefresh(queryClient, 1, 1000);
    const user = { id: 7, name: 'Ana', email: 'ana@example.com', profile: 'user' as const };
    live.onUserEvent({ action: 'update', user: { ...user, online: true, paused: false } }, [ana]);
    live.onUserEvent({ action: 'update', user: { ...user, id: 8, online: false } }, [ana]);
    vi.advanceTimersByTime(1000);
    expect(invalidate).not.toHaveBeenCalled();

    live.onUserEvent({ action: 'update', user: { ...user, online: true, paused: true, pauseReason: 'Lunch' } }, [ana]);
    vi.advanceTimersByTime(1000);
    expect(invalidate).toHaveBeenCalledTimes(1);

    live.onUserEvent({ action: 'update', user: { ...user, online: false } }, [ana]);
    vi.advanceTimersByTime(1000);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
