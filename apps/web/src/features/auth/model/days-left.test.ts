import { describe, expect, it } from 'vitest';
import { bannerDaysLeft, daysLeft } from './days-left.ts';

const at = (iso: string) => new Date(iso);

describe('subscription days left', () => {
  it('counts whole calendar days to the due date, whatever the hour', () => {
    expect(daysLeft('2026-03-10', at('2026-03-10T09:00:00'))).toBe(0);
    expect(daysLeft('2026-03-10', at('2026-03-09T23:59:00'))).toBe(1);
    expect(daysLeft('2026-03-10', at('2026-03-07T00:00:00'))).toBe(3);
    expect(daysLeft('2026-03-10', at('2026-03-11T00:00:01'))).toBe(-1);
    // Across the end of daylight-saving time in many zones.
    expect(daysLeft('2026-11-05', at('2026-10-20T08:00:00'))).toBe(16);
    expect(daysLeft(null)).toBeNull();
  });

  it('shows the banner only within the last 7 days, down to the due date itself', () => {
    expect(bannerDaysLeft('2026-03-10', at('2026-03-02T12:00:00'))).toBeNull();
    expect(bannerDaysLeft('2026-03-10', at('2026-03-03T12:00:00'))).toBe(7);
    // A new 3-day trial: signup on the 7th, due on the 10th.
    expect(bannerDaysLeft('2026-03-10', at('2026-03-07T15:00:00'))).toBe(3);
    expect(bannerDaysLeft('2026-03-10', at('2026-03-10T15:00:00'))).toBe(0);
    expect(bannerDaysLeft('2026-03-10', at('2026-03-11T15:00:00'))).toBeNull();
    expect(bannerDaysLeft(undefined)).toBeNull();
  });
});
