import { isClosedDay, type WeekdayEn, weekdaysEn } from '../company-schedules/company-schedules.schema.ts';

interface ScheduleDay {
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** '23:59' as an end means "until midnight", so a day can be open to its last second. */
const END_OF_DAY = '23:59';

function minutesOf(time: string) {
  const match = HH_MM.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The weekday and minute of the day of `date` on the wall clock of `timeZone` (the process's zone when absent). */
function wallClock(date: Date, timeZone?: string): { weekday: WeekdayEn; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = part('weekday').toLowerCase() as WeekdayEn;
  return { weekday, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

/**
 * Whether `date` falls inside the weekly hours, read on the wall clock of `timeZone`
 * (an IANA name such as `America/Sao_Paulo`; the process's zone when absent).
 *
 * - A day is open from `startTime` (inclusive) to `endTime` (exclusive); an end of `23:59`
 *   runs to midnight.
 * - `00:00`-`00:00` is a closed day (spec: the default Sunday), and so is a weekday with no entry.
 * - Ranges that cross midnight are not supported: the schedule schema refuses an end before its start,
 *   and such an entry counts as closed here.
 * - An empty list means no hours were set: always open.
 */
export function isWithinSchedule(schedules: readonly ScheduleDay[], date: Date, timeZone?: string): boolean {
  if (schedules.length === 0) return true;
  const now = wallClock(date, timeZone);
  if (!weekdaysEn.includes(now.weekday)) return false;
  const day = schedules.find((entry) => entry.weekdayEn === now.weekday);
  if (!day || isClosedDay(day)) return false;
  const start = minutesOf(day.startTime);
  const end = day.endTime === END_OF_DAY ? 24 * 60 : minutesOf(day.endTime);
  if (start === null || end === null || start >= end) return false;
  return now.minute >= start && now.minute < end;
}
