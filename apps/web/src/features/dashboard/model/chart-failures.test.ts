import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { DashboardRangeQuery } from '@wacrm/shared/dashboard/dashboard.schema';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startToastCountdown, subscribeToasts } from '../../../lib/toast.ts';
import { dashboardApi, dashboardKeys } from '../api/dashboard-api.ts';
import { watchChartFailures } from './chart-failures.ts';

/** What the fake server answers per path; the generic error toast's hook of the real client. */
const server = vi.hoisted(() => ({
  failing: new Set<string>(),
  onGenericError: vi.fn(),
}));

// The real HTTP client, on a fake fetch and an in-memory session.
vi.mock('../../../lib/api.ts', async () => {
  const { createHttpClient } = await import('../../../lib/http.ts');
  const { createMemoryStorage } = await import('../../../lib/session-storage.ts');
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return {
    http: createHttpClient({
      storage: createMemoryStorage({ token: 'token', companyId: '3', userId: '7', companyDueDate: '2030-01-01' }),
      fetch: async (input) => {
        const path = String(input).split('?')[0];
        if (server.failing.has(path)) return answer(500, { error: 'ERR_INTERNAL', message: 'boom' });
        return path.endsWith('ticketsDay')
          ? answer(200, { unit: 'day', data: [], count: 0 })
          : answer(200, { data: [], count: 0 });
      },
      onError: server.onGenericError,
    }),
  };
});

const COMPANY = 3;
const range: DashboardRangeQuery = { initialDate: '2024-05-01', finalDate: '2024-05-10' };

const en = import.meta.glob<Record<string, unknown>>('../../../locales/en/dashboard.json', {
  eager: true,
  import: 'default',
})['../../../locales/en/dashboard.json'];

async function english() {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en', resources: { en: { dashboard: en } }, defaultNS: 'dashboard' });
  return (key: string) => instance.t(key);
}

/** The two charts as the page mounts them (silent requests, no retry), for one company. */
function mountCharts(queryClient: QueryClient, companyId: number) {
  const byUser = new QueryObserver(queryClient, {
    queryKey: dashboardKeys.byUser(companyId, range),
    queryFn: ({ signal }) => dashboardApi.ticketsByUser(range, signal),
    retry: false,
  });
  const byDay = new QueryObserver(queryClient, {
    queryKey: dashboardKeys.byDay(companyId, range),
    queryFn: ({ signal }) => dashboardApi.ticketsByDay(range, signal),
    retry: false,
  });
  const stops = [byUser.subscribe(() => undefined), byDay.subscribe(() => undefined)];
  return {
    refetch: () => Promise.all([byUser.refetch(), byDay.refetch()]),
    unmount: () => {
      for (const stop of stops) stop();
    },
  };
}

describe('chart failure toasts', () => {
  let shown: string[];
  let stopToasts: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    server.failing.clear();
    server.onGenericError.mockClear();
    shown = [];
    const seen = new Set<number>();
    // Stands for the toaster: it draws each new toast, which starts its countdown.
    stopToasts = subscribeToasts((toasts) => {
      for (const toast of toasts) {
        if (seen.has(toast.id)) continue;
        shown.push(`${toast.severity}: ${toast.message}`);
        seen.add(toast.id);
        startToastCountdown(toast);
      }
    });
  });
  afterEach(async () => {
    // Toasts close by themselves after two seconds: leave the store empty for the next test.
    await vi.advanceTimersByTimeAsync(5_000);
    stopToasts();
    vi.useRealTimers();
  });

  it('shows userChartError when the tickets-per-attendant request fails, and nothing else', async () => {
    const queryClient = new QueryClient();
    const stopWatching = watchChartFailures(queryClient, COMPANY, await english());
    server.failing.add('/api/dashboard/ticketsUsers');
    const charts = mountCharts(queryClient, COMPANY);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual(['error: Could not load the tickets per attendant chart']);
    // The chart requests are silent: the generic error toast does not show as well.
    expect(server.onGenericError).not.toHaveBeenCalled();
    charts.unmount();
    stopWatching();
  });

  it('shows dateChartError for the per-day chart, again on each later failure', async () => {
    const queryClient = new QueryClient();
    const stopWatching = watchChartFailures(queryClient, COMPANY, await english());
    server.failing.add('/api/dashboard/ticketsDay');
    const charts = mountCharts(queryClient, COMPANY);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual(['error: Could not load the tickets per day chart']);

    await vi.advanceTimersByTimeAsync(2_000);
    server.failing.add('/api/dashboard/ticketsUsers');
    await charts.refetch();
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([
      'error: Could not load the tickets per day chart',
      'error: Could not load the tickets per attendant chart',
      'error: Could not load the tickets per day chart',
    ]);

    // Back to normal: no toast.
    await vi.advanceTimersByTimeAsync(2_000);
    server.failing.clear();
    await charts.refetch();
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toHaveLength(3);
    charts.unmount();
    stopWatching();
  });

  it('leaves other companies’ charts and other queries alone, and stops when unsubscribed', async () => {
    const queryClient = new QueryClient();
    const stopWatching = watchChartFailures(queryClient, COMPANY, await english());
    server.failing.add('/api/dashboard/ticketsUsers');
    server.failing.add('/api/dashboard/ticketsDay');
    const other = mountCharts(queryClient, COMPANY + 1);
    await queryClient
      .fetchQuery({ queryKey: ['tickets', COMPANY], queryFn: () => Promise.reject(new Error('x')), retry: false })
      .catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([]);
    other.unmount();

    stopWatching();
    const mine = mountCharts(queryClient, COMPANY);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([]);
    mine.unmount();
  });
});
