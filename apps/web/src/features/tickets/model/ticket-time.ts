import { formatDayOrTime } from '../../../lib/format.ts';

/** spec: row times are HH:mm for today, dd/MM/yyyy before. */
export function formatTicketTime(value: string, now: Date = new Date()): string {
  return formatDayOrTime(value, now);
}
