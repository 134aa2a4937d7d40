const pad = (value: number) => String(value).padStart(2, '0');

/**
 * How long someone has waited, as a clock that ticks: "0:42", "12:05", "1:03:09". Never negative
 * (a server clock a little ahead of the browser's reads as 0:00).
 */
export function formatWait(since: string | Date, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(since).getTime()) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

/** Waits past this many seconds are shown as a warning, past the second as an error. */
export const WAIT_WARNING_SECONDS = 5 * 60;
export const WAIT_ERROR_SECONDS = 15 * 60;

/** The colour a wait is shown in. */
export function waitSeverity(since: string | Date | null, now: number): 'normal' | 'warning' | 'error' {
  if (since === null) return 'normal';
  const seconds = (now - new Date(since).getTime()) / 1000;
  if (seconds >= WAIT_ERROR_SECONDS) return 'error';
  if (seconds >= WAIT_WARNING_SECONDS) return 'warning';
  return 'normal';
}
