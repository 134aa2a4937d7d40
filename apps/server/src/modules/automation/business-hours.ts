import { isClosedDay } from '@wacrm/shared';
import { localTime } from './local-time.ts';

/**
 * Whether a weekly schedule is open at a moment, on the company's clock. No schedule at all
 * means "always open" (nothing was configured); a configured week without the day, or with the
 * day closed (00:00–00:00), is closed. The end time is exclusive.
 */
export function isOpenAt(
  schedules: readonly { weekdayEn: string; startTime: string; endTime: string }[],
  moment: Date,
  timeZone: string,
) {
  if (schedules.length === 0) return true;
  const { weekday, hhmm } = localTime(moment, timeZone);
  const day = schedules.find((entry) => entry.weekdayEn === weekday);
  if (!day || isClosedDay(day)) return false;
  return day.startTime <= hhmm && hhmm < day.endTime;
}
