/**
 * spec §9: "Company row highlight by days to due date: 5 yellow; -3 to 4 orange; -4 red."
 * Read as bands over the whole number line, so every day falls in exactly one:
 *
 * | days to the due date | highlight |
 * | ---                  | ---       |
 * | 6 or more, or none   | none      |
 * | 5                    | soon (yellow)    |
 * | 4 down to -3         | due (orange): the login warning shows, or the company just expired |
 * | -4 or fewer          | overdue (red): the spec's "-4" continued, not dropped after one day |
 */
export type DueDateHighlight = 'none' | 'soon' | 'due' | 'overdue';

export function dueDateHighlight(daysLeft: number | null): DueDateHighlight {
  if (daysLeft === null || daysLeft > 5) return 'none';
  if (daysLeft === 5) return 'soon';
  if (daysLeft >= -3) return 'due';
  return 'overdue';
}

/** Whole calendar days from `today` (local) to a 'yyyy-MM-dd' due date; negative once past; null without one. */
export function daysToDueDate(dueDate: string | null, today: Date = new Date()): number | null {
  const match = dueDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(dueDate) : null;
  if (!match) return null;
  const due = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((due - start) / 86_400_000);
}

/** Today as 'yyyy-MM-dd' in local time. */
export function localIsoDay(today: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}
