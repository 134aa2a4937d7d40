import type { ScheduleRecurrence } from '@wacrm/shared';
import { instantOf, type WallClock, wallClockOf } from '@wacrm/shared';

/** A calendar day `days` after the wall clock's, same time of day. */
function addDays(clock: WallClock, days: number): WallClock {
  const date = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + days));
  return { ...clock, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const weekdayOf = (clock: WallClock) => new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay();

/**
 * The occurrence after `previous`, on the company's wall clock (a daily 09:00 stays 09:00 across
 * a daylight saving change), or null once it would fall after `until`. Monthly keeps the day of
 * the month of the series' first send (`seriesStart`), moved to the month's last day when the month
 * is shorter: a series begun on 31 January goes 28 February, 31 March, 30 April, 31 May.
 */
export function nextOccurrence(
  previous: Date,
  recurrence: ScheduleRecurrence,
  timeZone: string,
  seriesStart: Date = previous,
): Date | null {
  const clock = wallClockOf(previous, timeZone);
  let next: WallClock;
  if (recurrence.frequency === 'daily') {
    next = addDays(clock, 1);
  } else if (recurrence.frequency === 'weekly') {
    const weekdays = new Set(recurrence.weekdays?.length ? recurrence.weekdays : [weekdayOf(clock)]);
    next = addDays(clock, 1);
    while (!weekdays.has(weekdayOf(next))) next = addDays(next, 1);
  } else {
    const monthIndex = clock.month; // the next month, 0-based
    const year = clock.year + Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    next = { ...clock, year, month, day: Math.min(wallClockOf(seriesStart, timeZone).day, lastDay) };
  }
  const instant = instantOf(next, timeZone);
  if (recurrence.until && instant.getTime() > new Date(recurrence.until).getTime()) return null;
  return instant;
}
