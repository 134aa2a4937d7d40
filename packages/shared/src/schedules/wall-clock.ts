/** What a company's wall clock shows: the schedule dialog and the recurrence speak in it. */
export interface WallClock {
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

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` (a datetime-local input's value) of `moment` on the company's clock. */
export function toWallClockInput(moment: Date, timeZone: string) {
  const clock = wallClockOf(moment, timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** The instant of a `YYYY-MM-DDTHH:mm` read on the company's clock; null when it is not one. */
export function fromWallClockInput(text: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  return instantOf({ year, month, day, hour, minute, second: 0 }, timeZone);
}
