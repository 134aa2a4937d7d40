import { z } from 'zod';
import { timestampSchema } from '../common/route-contract.ts';
import {
  defaultWeeklySchedule,
  type WeeklyScheduleEntry,
  weekdaysEn,
  weeklyScheduleEntrySchema,
} from '../company-schedules/company-schedules.schema.ts';

/** `#RGB`, `#RRGGBB` or `#RRGGBBAA`: within the spec's 3-9 characters and something a browser can paint. */
export const QUEUE_COLOR_PATTERN = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

const messageSchema = z.string().max(4000, 'Too Long!').nullable().optional();
const optionalIdSchema = z.number().int().positive().max(2_147_483_647).nullable().optional();

/**
 * How a queue's pending tickets reach attendants (issue 48): `manual` (the default) waits for an
 * Accept; `roundRobin` gives each eligible attendant a ticket in turn; `balanced` gives it to the
 * eligible attendant with the fewest open tickets (ties: the one who waited longest since their
 * last automatic assignment). docs/decisions/fair-assignment.md.
 */
export const assignmentModes = ['manual', 'roundRobin', 'balanced'] as const;
export type AssignmentMode = (typeof assignmentModes)[number];

/** Position updates by default: at most one every 3 minutes, at most 3 per wait (issue 48). */
export const queueWaitingDefaults = { waitingUpdateMinutes: 3, waitingUpdateMax: 3 } as const;

/** The queue's attendance hours: one entry per weekday, Monday to Sunday, 00:00-00:00 meaning closed. */
export const queueSchedulesSchema = z
  .array(weeklyScheduleEntrySchema)
  .length(7, 'One entry per weekday')
  .refine((days) => new Set(days.map((day) => day.weekdayEn)).size === days.length, {
    message: 'Each weekday once',
  });

/**
 * The fields of the queue modal (spec: Queue entity and validation). One schema serves
 * `POST /queue`, `PUT /queue/{id}` and the form. Left-out optional fields keep their value on edit;
 * a new queue without `schedules` gets the default week.
 */
export const queueFieldsSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!'),
  color: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .min(3, 'Too Short!')
    .max(9, 'Too Long!')
    .regex(QUEUE_COLOR_PATTERN, 'Invalid color'),
  greetingMessage: messageSchema,
  complationMessage: messageSchema,
  outOfHoursMessage: messageSchema,
  ratingMessage: messageSchema,
  orderQueue: z.number().int().min(0).max(9999).nullable().optional(),
  integrationId: optionalIdSchema,
  promptId: optionalIdSchema,
  token: z.string().trim().max(100, 'Too Long!').nullable().optional(),
  schedules: queueSchedulesSchema.optional(),
  assignmentMode: z.enum(assignmentModes).optional(),
  /** Sent to a customer entering an automatic queue's line, with {{queuePosition}} and {{estimatedWait}}. */
  waitingMessage: messageSchema,
  waitingUpdateMinutes: z.number().int().min(1).max(1440).optional(),
  waitingUpdateMax: z.number().int().min(0).max(100).optional(),
});
export type QueueFields = z.infer<typeof queueFieldsSchema>;

export const queueIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `GET /queue`: only the super user may name another company (spec: optional companyId). */
export const queueListQuerySchema = z.object({
  companyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** A queue as the API answers it. */
export const queueRecordSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string().nullable(),
  complationMessage: z.string().nullable(),
  outOfHoursMessage: z.string().nullable(),
  ratingMessage: z.string().nullable(),
  orderQueue: z.number().nullable(),
  integrationId: z.number().nullable(),
  promptId: z.number().nullable(),
  token: z.string().nullable(),
  schedules: z.array(
    z.object({ weekday: z.string(), weekdayEn: z.enum(weekdaysEn), startTime: z.string(), endTime: z.string() }),
  ),
  assignmentMode: z.enum(assignmentModes),
  waitingMessage: z.string().nullable(),
  waitingUpdateMinutes: z.number(),
  waitingUpdateMax: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type QueueRecord = z.input<typeof queueRecordSchema>;

/** spec: default queue hours Mon-Fri 08:00-18:00, Sat 08:00-12:00, Sun 00:00-00:00 (the company week's default). */
export const defaultQueueSchedules: WeeklyScheduleEntry[] = defaultWeeklySchedule;

/** A palette the colour picker offers; any other hex colour may be typed. */
export const queueColorPalette = [
  '#ef4444',
  '#f97316',
  '#f59e0b',
  '#eab308',
  '#84cc16',
  '#22c55e',
  '#10b981',
  '#14b8a6',
  '#06b6d4',
  '#0ea5e9',
  '#3b82f6',
  '#6366f1',
  '#8b5cf6',
  '#a855f7',
  '#d946ef',
  '#ec4899',
  '#f43f5e',
  '#64748b',
] as const;
