import { z } from 'zod';
import { instantOf } from '../schedules/wall-clock.ts';

/** The spec's way of writing a time: 'YYYY-MM-DD HH:mm:ss', on the company's clock. */
const WALL_CLOCK_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const isoWithOffset = z.iso.datetime({ offset: true });

function wallClockOfText(text: string) {
  const match = WALL_CLOCK_TEXT.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > lastDay || hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second };
}

export const COMPANY_TIME_MESSAGE = 'Use YYYY-MM-DD HH:mm:ss (company time) or ISO 8601 with an offset';

/**
 * A time a client sends: 'YYYY-MM-DD HH:mm:ss' as the spec writes it, read on the company's
 * clock (`instantOfCompanyTime`), or an ISO 8601 instant with its offset. Anything else is refused
 * with a message naming both forms.
 */
export const companyTimeSchema = z
  .string({ error: 'Required' })
  .trim()
  .refine((text) => wallClockOfText(text) !== null || isoWithOffset.safeParse(text).success, COMPANY_TIME_MESSAGE);

/** The instant a `companyTimeSchema` text names, for a company whose clock runs in `timeZone`. */
export function instantOfCompanyTime(text: string, timeZone: string): Date {
  const clock = wallClockOfText(text);
  return clock ? instantOf(clock, timeZone) : new Date(text);
}
