import { z } from 'zod';
import { calendarDaySchema } from '../common/db-values.ts';

/** spec: the dashboard's period choices, in days ("none" is 0). */
export const DASHBOARD_PERIODS = [0, 3, 7, 15, 30, 60, 90] as const;
/** spec: the dashboard loads one second after the page opens. */
export const DASHBOARD_FIRST_LOAD_DELAY_MS = 1_000;
/** Live updates: ticket and user events are gathered for this long, then one refetch. */
export const DASHBOARD_REFRESH_DEBOUNCE_MS = 2_000;
/** The longest range the per-day chart answers (one bucket per day). */
export const DASHBOARD_MAX_CHART_DAYS = 731;

/** A calendar day `yyyy-MM-dd` that exists (2024-02-30 is refused). */
export const dashboardDateSchema = calendarDaySchema;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * `GET /dashboard`: a period of `days` (the last N days of the company's calendar, today
 * included) or dates (`date_from`, `date_to`; the dates win when both are given). See
 * docs/decisions/dashboard.md for how a lone bound and an empty filter are read.
 */
export const dashboardQuerySchema = z.object({
  days: z.preprocess(emptyToUndefined, z.coerce.number().int('Invalid number').min(0).max(366).optional()),
  date_from: z.preprocess(emptyToUndefined, dashboardDateSchema.optional()),
  date_to: z.preprocess(emptyToUndefined, dashboardDateSchema.optional()),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** `GET /dashboard/ticketsUsers` and `/dashboard/ticketsDay`: both days included, company calendar. */
export const dashboardRangeQuerySchema = z
  .object({ initialDate: dashboardDateSchema, finalDate: dashboardDateSchema })
  .refine((range) => range.initialDate <= range.finalDate, {
    message: 'initialDate is after finalDate',
    path: ['finalDate'],
  });
export type DashboardRangeQuery = z.infer<typeof dashboardRangeQuerySchema>;

export const dashboardCountersSchema = z.object({
  /** Tickets open now (with an attendant). */
  supportHappening: z.number(),
  /** Tickets pending now (waiting for an attendant). */
  supportPending: z.number(),
  /** Tickets closed in the period. */
  supportFinished: z.number(),
  /** Contacts created in the period. */
  newContacts: z.number(),
  /** Minutes from accept to close, averaged over the tickets closed in the period (0 when none). */
  avgSupportTime: z.number(),
  /** Minutes from creation to accept, averaged over the tickets accepted in the period (0 when none). */
  avgWaitTime: z.number(),
});
export type DashboardCounters = z.input<typeof dashboardCountersSchema>;

export const dashboardAttendantSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Average 1–3 rating received in the period; 0 means no rating. */
  rating: z.number(),
  /** Minutes, over this attendant's tickets closed in the period. */
  avgSupportTime: z.number(),
  online: z.boolean(),
  /** Tickets this attendant closed in the period. */
  tickets: z.number(),
});
export type DashboardAttendant = z.input<typeof dashboardAttendantSchema>;

/** `GET /dashboard` answer. */
export const dashboardAnswerSchema = z.object({
  counters: dashboardCountersSchema,
  attendants: z.array(dashboardAttendantSchema),
  /** The period as read, in the company's calendar (both days included) and its time zone. */
  period: z.object({ dateFrom: z.string(), dateTo: z.string(), timeZone: z.string() }),
});
export type DashboardAnswer = z.input<typeof dashboardAnswerSchema>;

/** `GET /dashboard/ticketsUsers` answer. */
export const ticketsByUserAnswerSchema = z.object({
  data: z.array(z.object({ userId: z.number(), name: z.string(), count: z.number() })),
  count: z.number(),
});
export type TicketsByUserAnswer = z.input<typeof ticketsByUserAnswerSchema>;

/** `GET /dashboard/ticketsDay` answer. */
export const ticketsByDayAnswerSchema = z.object({
  /** `hour` when the range is one day. */
  unit: z.enum(['day', 'hour']),
  /** Every day (`yyyy-MM-dd`) or hour (`HH:00`) of the range, zero counts included. */
  data: z.array(z.object({ bucket: z.string(), count: z.number() })),
  count: z.number(),
});
export type TicketsByDayAnswer = z.input<typeof ticketsByDayAnswerSchema>;
