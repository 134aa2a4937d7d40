import { matchQuery, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { type DashboardChart, dashboardKeys } from '../api/dashboard-api.ts';

/** spec: each chart has its own failure toast. */
export const chartFailureKeys = {
  byUser: 'toasts.userChartError',
  byDay: 'toasts.dateChartError',
} as const satisfies Record<DashboardChart, string>;

export type ChartFailureKey = (typeof chartFailureKeys)[DashboardChart];

/**
 * Shows a chart's failure toast each time one of its requests fails (the chart requests are
 * silent, so the generic error toast does not show as well). Answers the unsubscribe function.
 */
export function watchChartFailures(
  queryClient: QueryClient,
  companyId: number,
  translate: (key: ChartFailureKey) => string,
) {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    for (const chart of Object.keys(chartFailureKeys) as DashboardChart[]) {
      if (matchQuery({ queryKey: dashboardKeys.chart(companyId, chart) }, event.query)) {
        toast.error(translate(chartFailureKeys[chart]));
      }
    }
  });
}
