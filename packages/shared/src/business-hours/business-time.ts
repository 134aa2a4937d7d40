import { isClosedDay, type WeekdayEn } from '../company-schedules/company-schedules.schema.ts';
import { instantOf, wallClockOf } from '../schedules/wall-clock.ts';

interface ScheduleDay {
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

/** Weekly opening hours read on the wall clock of `timeZone` (an IANA name). */
export interface BusinessWeek {
  schedules: readonly ScheduleDay[];
  timeZone: string;
}

const DAY_MS = 86_400_000;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Sunday first, as `Date#getUTCDay` counts. */
const weekdayByIndex: WeekdayEn[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Open minutes [start, end) of each weekday; the rules are `isWithinSchedule`'s (23:59 runs to midnight). */
function openMinutesByWeekday(schedules: readonly ScheduleDay[]) {
  const open = new Map<string, { start: number; end: number }>();
  for (const day of schedules) {
    const start = HH_MM.exec(day.startTime);
    const end = HH_MM.exec(day.endTime);
    if (isClosedDay(day) || !start || !end) continue;
    const startMinute = Number(start[1]) * 60 + Number(start[2]);
    const endMinute = day.endTime === '23:59' ? 24 * 60 : Number(end[1]) * 60 + Number(end[2]);
    if (startMinute < endMinute) open.set(day.weekdayEn, { start: startMinute, end: endMinute });
  }
  return open;
}

/**
 * The open intervals of the calendar days from the one holding `from` onwards, as instants.
 * Days are walked on the company's calendar, so a daylight-saving day's hours are still its hours.
 */
function* openIntervalsFrom(from: Date, week: BusinessWeek) {
  const open = openMinutesByWeekday(week.schedules);
  if (open.size === 0) return;
  const clock = wallClockOf(from, week.timeZone);
  for (let day = Date.UTC(clock.year, clock.month - 1, clock.day); ; day += DAY_MS) {
    const date = new Date(day);
    const hours = open.get(weekdayByIndex[date.getUTCDay()]);
    if (!hours) continue;
    const at = (minute: number) => {
      const moment = new Date(day + minute * 60_000);
      return instantOf(
        {
          year: moment.getUTCFullYear(),
          month: moment.getUTCMonth() + 1,
          day: moment.getUTCDate(),
          hour: moment.getUTCHours(),
          minute: moment.getUTCMinutes(),
          second: 0,
        },
        week.timeZone,
      ).getTime();
    };
    yield { start: at(hours.start), end: at(hours.end) };
  }
}

/**
 * Seconds of [from, to) inside the weekly open hours (milliseconds kept as the fraction).
 * An empty schedule means no hours were set: always open, as `isWithinSchedule` reads it.
 */
export function businessSecondsBetween(from: Date, to: Date, week: BusinessWeek): number {
  if (to.getTime() <= from.getTime()) return 0;
  if (week.schedules.length === 0) return (to.getTime() - from.getTime()) / 1000;
  let total = 0;
  for (const interval of openIntervalsFrom(from, week)) {
    if (interval.start >= to.getTime()) break;
    const start = Math.max(interval.start, from.getTime());
    const end = Math.min(interval.end, to.getTime());
    if (end > start) total += end - start;
  }
  return total / 1000;
}

/**
 * The instant at which `seconds` of open hours have passed since `from` (a due date "in business
 * hours"); null when the week has no open hours at all, so nothing would ever fall due.
 */
export function addBusinessSeconds(from: Date, seconds: number, week: BusinessWeek): Date | null {
  if (week.schedules.length === 0) return new Date(from.getTime() + seconds * 1000);
  let remaining = seconds * 1000;
  for (const interval of openIntervalsFrom(from, week)) {
    const start = Math.max(interval.start, from.getTime());
    if (interval.end <= start) continue;
    if (remaining <= interval.end - start) return new Date(start + remaining);
    remaining -= interval.end - start;
  }
  return null;
}
