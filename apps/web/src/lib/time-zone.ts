import { fromWallClockInput, toWallClockInput, wallClockOf } from '@wacrm/shared/schedules/wall-clock';

/**
 * How a time field names its clock: the place of the zone and its offset from UTC at the moment
 * the field holds ("São Paulo", "−03:00"). Translated around it by the caller (common:clock).
 */
export interface ZoneName {
  /** The zone's place as its own people write it; null for UTC itself. */
  place: string | null;
  /** "−03:00", "+00:00", "+05:30": a true minus sign, as printed offsets are written. */
  offset: string;
}

// IANA names drop accents and write places in English; these are the company zones (shared
// settings) whose own spelling differs. Any other zone falls back to its IANA city.
const placeSpellings: Record<string, string> = {
  'America/Sao_Paulo': 'São Paulo',
  'America/Belem': 'Belém',
  'America/Maceio': 'Maceió',
  'America/Araguaina': 'Araguaína',
  'America/Cuiaba': 'Cuiabá',
  'America/Noronha': 'Fernando de Noronha',
  'America/Asuncion': 'Asunción',
  'America/Bogota': 'Bogotá',
  'America/Mexico_City': 'Ciudad de México',
  'Europe/Lisbon': 'Lisboa',
};

const utcNames = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu']);

/** The place a zone is named after ("America/Argentina/Buenos_Aires" → "Buenos Aires"); null for UTC. */
export function placeOfTimeZone(timeZone: string): string | null {
  if (utcNames.has(timeZone)) return null;
  return placeSpellings[timeZone] ?? (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/** Minutes `timeZone` runs ahead of UTC at `at` (negative west of Greenwich; daylight saving included). */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  const wholeSecond = Math.floor(at.getTime() / 1000) * 1000;
  const clock = wallClockOf(new Date(wholeSecond), timeZone);
  const clockAsUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return Math.round((clockAsUtc - wholeSecond) / 60_000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "−03:00" for -180, "+05:30" for 330. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '\u2212' : '+';
  const size = Math.abs(minutes);
  return `${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/** The zone's place and its offset at `at`. */
export function nameOfTimeZone(timeZone: string, at: Date): ZoneName {
  return { place: placeOfTimeZone(timeZone), offset: formatUtcOffset(utcOffsetMinutes(timeZone, at)) };
}

/** Whether two zones' clocks show the same hour at `at` (São Paulo and Bahia do; São Paulo and Lisbon do not). */
export function isSameClock(zoneA: string, zoneB: string, at: Date): boolean {
  return zoneA === zoneB || utcOffsetMinutes(zoneA, at) === utcOffsetMinutes(zoneB, at);
}

/** `YYYY-MM-DD HH:mm:ss` (the API's company time, spec) of a `YYYY-MM-DDTHH:mm` field value. */
export function toCompanyTimeText(fieldValue: string): string {
  return `${fieldValue.replace('T', ' ').slice(0, 16)}:00`;
}

/** A `YYYY-MM-DDTHH:mm` field value moved from one clock to another, naming the same instant. */
export function moveClockInput(fieldValue: string, fromZone: string, toZone: string): string {
  const instant = fromWallClockInput(fieldValue, fromZone);
  return instant ? toWallClockInput(instant, toZone) : fieldValue;
}
