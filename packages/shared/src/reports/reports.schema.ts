import { z } from 'zod';
import { calendarDaySchema } from '../common/db-values.ts';

import { reportGroupings, reportKinds } from './report-kinds.ts';

/** `1,2,3` or a repeated parameter, as positive ids; empty means "no filter". */
const idListSchema = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => String(part).split(','));
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}, z.array(z.coerce.number().int('Invalid id').positive('Invalid id')).max(200).optional());

/**
 * The filters every report takes: whole days of the company's calendar (`from`, `to`, both
 * included), optional queues, attendants, connections and tags, and the chart's grouping.
 */
export const reportQuerySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    queueIds: idListSchema,
    userIds: idListSchema,
    whatsappIds: idListSchema,
    tagIds: idListSchema,
    groupBy: z.enum(reportGroupings).default('day'),
    /** The language of the CSV's column titles. */
    lang: z.enum(['pt', 'en', 'es']).optional(),
  })
  .refine((query) => query.from <= query.to, { message: 'from is after to', path: ['to'] });
export type ReportQuery = z.infer<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;

/**
 * The measures of a set of tickets (docs/decisions/reports.md). Times are averages in seconds,
 * calendar and business hours, null when nothing was measured; messages are null under a tag
 * filter (they are not split by tag).
 */
export const reportFiguresSchema = z.object({
  opened: z.number(),
  closed: z.number(),
  reopened: z.number(),
  messagesIn: z.number().nullable(),
  messagesOut: z.number().nullable(),
  firstResponse: z.number().nullable(),
  firstResponseBusiness: z.number().nullable(),
  waiting: z.number().nullable(),
  waitingBusiness: z.number().nullable(),
  resolution: z.number().nullable(),
  resolutionBusiness: z.number().nullable(),
  handling: z.number().nullable(),
  handlingBusiness: z.number().nullable(),
  ratings: z.number(),
  ratingAverage: z.number().nullable(),
  rating1: z.number(),
  rating2: z.number(),
  rating3: z.number(),
  /** Ratings ÷ closed conversations of the period (0–1), null when none closed. */
  ratingResponseRate: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;
export type ReportFigure = keyof ReportFigures;

export const reportSeriesPointSchema = reportFiguresSchema.extend({
  /** `yyyy-MM-dd HH:00` (hour), `yyyy-MM-dd` (day; week = its Monday), `yyyy-MM` (month). */
  bucket: z.string(),
});
export type ReportSeriesPoint = z.infer<typeof reportSeriesPointSchema>;

export const reportRowSchema = reportFiguresSchema.extend({
  /** The attendant, queue, tag or connection; 0 = none (tickets nobody holds, no queue…). */
  id: z.number(),
  name: z.string(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** A rating that came with a comment (the satisfaction report's comments table). */
export const satisfactionCommentSchema = z.object({
  ticketId: z.number(),
  /** When the customer rated, ISO 8601. */
  ratedAt: z.string(),
  rate: z.number(),
  comment: z.string(),
  /** The ticket's attendant and customer ('' when none). */
  userName: z.string(),
  contactName: z.string(),
});
export type SatisfactionComment = z.infer<typeof satisfactionCommentSchema>;

/** The satisfaction report lists at most this many comments, newest first. */
export const SATISFACTION_COMMENTS_LIMIT = 200;

export const reportAnswerSchema = z.object({
  kind: z.enum(reportKinds),
  period: z.object({ from: z.string(), to: z.string(), timeZone: z.string(), groupBy: z.enum(reportGroupings) }),
  /**
   * The company's time zone changed and its rows are being rebuilt on the new calendar (a job, a
   * few minutes at most): until then the figures mix the old and the new zone's days.
   */
  rebuilding: z.boolean(),
  /** The period of the same length just before, for the change shown beside each headline figure. */
  previousPeriod: z.object({ from: z.string(), to: z.string() }),
  totals: reportFiguresSchema,
  previousTotals: reportFiguresSchema,
  series: z.array(reportSeriesPointSchema),
  /** The table: one row per attendant, queue, tag or connection; the overview's table is its series. */
  rows: z.array(reportRowSchema),
  /**
   * The overview's service levels: targets met and breached by the cycles that started in the
   * period (docs/decisions/service-levels.md). Null on the other reports and with a tag filter
   * (service-level cycles are not tagged).
   */
  sla: z
    .object({
      firstResponse: z.object({ met: z.number(), breached: z.number() }),
      resolution: z.object({ met: z.number(), breached: z.number() }),
    })
    .nullable(),
  /**
   * The satisfaction report's comments: ratings given in the period with a comment, under the
   * same filters, newest first (at most `SATISFACTION_COMMENTS_LIMIT`). Null on the other reports.
   */
  comments: z.array(satisfactionCommentSchema).nullable(),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;
