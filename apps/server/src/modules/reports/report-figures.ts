import type { ReportFigures } from '@wacrm/shared';
import type { ReportSums } from './reports.repository.ts';

const average = (seconds: number, count: number) => (count > 0 ? Math.round(seconds / count) : null);

/**
 * The measures from summed rollup rows, defined once (docs/decisions/reports.md): averages in
 * whole seconds over the events counted, the rating to two decimals, the response rate as the
 * ratings of the period over its closed conversations.
 */
export function figuresOf(sums: ReportSums): ReportFigures {
  return {
    opened: sums.opened,
    closed: sums.closed,
    reopened: sums.reopened,
    messagesIn: sums.messages_in,
    messagesOut: sums.messages_out,
    firstResponse: average(sums.first_response_seconds, sums.first_response_count),
    firstResponseBusiness: average(sums.first_response_business_seconds, sums.first_response_count),
    waiting: average(sums.wait_seconds, sums.wait_count),
    waitingBusiness: average(sums.wait_business_seconds, sums.wait_count),
    resolution: average(sums.resolution_seconds, sums.closed),
    resolutionBusiness: average(sums.resolution_business_seconds, sums.closed),
    handling: average(sums.handling_seconds, sums.handling_count),
    handlingBusiness: average(sums.handling_business_seconds, sums.handling_count),
    ratings: sums.rating_count,
    ratingAverage: sums.rating_count > 0 ? Math.round((sums.rating_sum / sums.rating_count) * 100) / 100 : null,
    rating1: sums.rating_1,
    rating2: sums.rating_2,
    rating3: sums.rating_3,
    ratingResponseRate: sums.closed > 0 ? Math.round((sums.rating_count / sums.closed) * 10_000) / 10_000 : null,
  };
}

export const emptySums = (withMessages: boolean): ReportSums => ({
  opened: 0,
  closed: 0,
  reopened: 0,
  messages_in: withMessages ? 0 : null,
  messages_out: withMessages ? 0 : null,
  resolution_seconds: 0,
  resolution_business_seconds: 0,
  handling_count: 0,
  handling_seconds: 0,
  handling_business_seconds: 0,
  first_response_count: 0,
  first_response_seconds: 0,
  first_response_business_seconds: 0,
  wait_count: 0,
  wait_seconds: 0,
  wait_business_seconds: 0,
  rating_count: 0,
  rating_sum: 0,
  rating_1: 0,
  rating_2: 0,
  rating_3: 0,
});
