/**
 * Due dates are calendar days (yyyy-MM-dd). A subscription is good through the whole of its
 * due date and has expired from the next day on.
 */
export function isPastDueDate(dueDate: string | null, today = new Date()) {
  if (!dueDate) return false;
  return dueDate < toIsoDay(today);
}

/** Whole days from today to the due date (0 on the day itself), or null without a due date. */
export function daysUntil(dueDate: string | null, today = new Date()) {
  if (!dueDate) return null;
  const due = Date.parse(`${dueDate}T00:00:00Z`);
  const start = Date.parse(`${toIsoDay(today)}T00:00:00Z`);
  return Math.round((due - start) / 86_400_000);
}

function toIsoDay(date: Date) {
  return date.toISOString().slice(0, 10);
}
