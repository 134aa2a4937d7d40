import type { ScheduleRecurrence } from '@wacrm/shared';

interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What the company's wall clock shows at `moment`. */
export function wallClockOf(moment: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(moment)
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

const asUtc = (clock: WallClock) =>
  Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);

/** The instant at which the company's wall clock shows `clock` (the later one across a DST gap). */
export function instantOf(clock: WallClock, timeZone: string): Date {
  const wanted = asUtc(clock);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const offset = asUtc(wallClockOf(new Date(guess), timeZone)) - guess;
    const next = wanted - offset;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** A calendar day `days` after the wall clock's, same time of day. */
function addDays(clock: WallClock, days: number): WallClock {
  const date = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + days));
  return { ...clock, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const weekdayOf = (clock: WallClock) => new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay();

/**
 * The occurrence after `previous`, on the company's wall clock (a daily 09:00 stays 09:00 across
 * a daylight saving change), or null once it would fall after `until`. Monthly keeps the day of
 * the month, moved to the month's last day when the month is shorter.
 */
export function nextOccurrence(previous: Date, recurrence: ScheduleRecurrence, timeZone: string): Date | null {
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
    next = { ...clock, year, month, day: Math.min(clock.day, lastDay) };
  }
  const instant = instantOf(next, timeZone);
  if (recurrence.until && instant.getTime() > new Date(recurrence.until).getTime()) return null;
  return instant;
}
