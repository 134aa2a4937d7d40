// Without zod, so the web app can import these.

/** The six reports (issue 50); each answers the same shape, split by a different dimension. */
export const reportKinds = ['overview', 'attendants', 'queues', 'tags', 'connections', 'satisfaction'] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportGroupings = ['hour', 'day', 'week', 'month'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

/** The longest period a report answers, and the longest grouped by hour. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_MAX_HOUR_DAYS = 92;
