import { toDate } from '../../../lib/format.ts';

/**
 * The banner shows when this many days or fewer remain before the company's due date:
 * a 3-day signup trial shows it from its first day, a paying company gets a week's notice.
 */
export const SUBSCRIPTION_BANNER_DAYS = 7;

/**
 * Whole calendar days from today to the due date: 0 on the due date itself (the last day of
 * access, as the server's login rule counts it), negative once it has passed. Null without a
 * due date.
 */
export function daysLeft(dueDate: string | null | undefined, now = new Date()): number | null {
  const due = toDate(dueDate ?? null);
  if (!due) return null;
  // Noon on both sides keeps daylight-saving shifts out of the division.
  const dueNoon = Date.UTC(due.getFullYear(), due.getMonth(), due.getDate(), 12);
  const todayNoon = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate(), 12);
  return Math.round((dueNoon - todayNoon) / 86_400_000);
}

/** The days to show in the banner, or null when the banner stays hidden. */
export function bannerDaysLeft(dueDate: string | null | undefined, now = new Date()): number | null {
  const days = daysLeft(dueDate, now);
  return days !== null && days >= 0 && days <= SUBSCRIPTION_BANNER_DAYS ? days : null;
}
