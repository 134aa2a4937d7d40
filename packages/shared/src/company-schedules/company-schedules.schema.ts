import { z } from 'zod';

/** 'HH:MM', 00:00 to 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const weekdaysEn = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekdayEn = (typeof weekdaysEn)[number];

const CLOSED = '00:00';

/** A day with 00:00-00:00 is closed (spec's default Sunday). */
export function isClosedDay(entry: { startTime: string; endTime: string }) {
  return entry.startTime === CLOSED && entry.endTime === CLOSED;
}

export const weeklyScheduleEntrySchema = z
  .object({
    weekday: z.string().trim().min(1, 'Required').max(30),
    weekdayEn: z.enum(weekdaysEn),
    startTime: z.string().regex(TIME_PATTERN, 'Invalid time'),
    endTime: z.string().regex(TIME_PATTERN, 'Invalid time'),
  })
  // 'HH:MM' strings compare like the times they name.
  .refine((entry) => isClosedDay(entry) || entry.startTime < entry.endTime, {
    message: 'Start must be before end',
    path: ['endTime'],
  });
export type WeeklyScheduleEntry = z.infer<typeof weeklyScheduleEntrySchema>;

export const companySchedulesSchema = z.object({
  schedules: z
    .array(weeklyScheduleEntrySchema)
    .min(1)
    .max(7)
    .refine((days) => new Set(days.map((day) => day.weekdayEn)).size === days.length, {
      message: 'Each weekday once',
    }),
});
export type CompanySchedules = z.infer<typeof companySchedulesSchema>;

/** `GET`/`PUT /companies/{id}/schedules` answer: the stored week, Monday first. */
export const companySchedulesRecordSchema = z.object({
  schedules: z.array(
    z.object({ weekday: z.string(), weekdayEn: z.enum(weekdaysEn), startTime: z.string(), endTime: z.string() }),
  ),
});

/** The company whose hours are read or saved (admins their own, the super user any). */
export const companySchedulesParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** spec: Mon-Fri 08:00-18:00, Sat 08:00-12:00, Sun 00:00-00:00 (closed). */
export const defaultWeeklySchedule: WeeklyScheduleEntry[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
];
