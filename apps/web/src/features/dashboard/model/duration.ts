/** The dashboard namespace's duration patterns (`dashboard.json` → `duration`). */
export type DurationKey = 'duration.seconds' | 'duration.minutes' | 'duration.minutesSeconds' | 'duration.hoursMinutes';

export type DurationTranslate = (key: DurationKey, values: Record<string, string>) => string;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Average times for people, with the units of the interface language: 12.5 minutes → "12m 30s"
 * (en) or "12 min 30 s" (pt, es); an hour or more → "1h 05m" / "1 h 05 min"; under a minute →
 * "6s" / "6 s". The patterns keep a number with its unit (no-break space), so a narrow card wraps
 * between "12 min" and "30 s", never inside them.
 */
export function formatMinutes(minutes: number, t: DurationTranslate): string {
  const totalSeconds = Math.round((minutes || 0) * 60);
  const hours = Math.floor(totalSeconds / 3600);
  const mins = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return t('duration.hoursMinutes', { hours: String(hours), minutes: pad(mins) });
  if (seconds && mins === 0) return t('duration.seconds', { seconds: String(seconds) });
  if (seconds) return t('duration.minutesSeconds', { minutes: String(mins), seconds: pad(seconds) });
  return t('duration.minutes', { minutes: String(mins) });
}
