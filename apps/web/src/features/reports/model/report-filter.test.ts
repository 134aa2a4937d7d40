import { describe, expect, it } from 'vitest';
import { choosePreset, initialFilter, presetRange } from './report-filter.ts';

describe('report period presets', () => {
  // 02:30 UTC on 1 March: still the last day of February in São Paulo (UTC−3), already 1 March in Tokyo.
  const now = new Date('2025-03-01T02:30:00Z');

  it('counts the days on the company calendar, not the browser one', () => {
    expect(presetRange('last7', now, 'America/Sao_Paulo')).toEqual({ from: '2025-02-22', to: '2025-02-28' });
    expect(presetRange('last7', now, 'Asia/Tokyo')).toEqual({ from: '2025-02-23', to: '2025-03-01' });
  });

  it('this month and last month follow the company month', () => {
    expect(presetRange('thisMonth', now, 'America/Sao_Paulo')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(presetRange('thisMonth', now, 'Asia/Tokyo')).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(presetRange('lastMonth', now, 'America/Sao_Paulo')).toEqual({ from: '2025-01-01', to: '2025-01-31' });
    expect(presetRange('lastMonth', now, 'Asia/Tokyo')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
  });

  it('crosses years and daylight-saving changes by whole days', () => {
    const newYear = new Date('2025-01-01T04:00:00Z');
    expect(presetRange('lastMonth', newYear, 'Europe/Lisbon')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetRange('last90', newYear, 'America/New_York')).toEqual({ from: '2024-10-03', to: '2024-12-31' });
    // The Sunday the clocks went forward in New York is one day like the others.
    const afterSpring = new Date('2025-03-10T12:00:00Z');
    expect(presetRange('last7', afterSpring, 'America/New_York')).toEqual({ from: '2025-03-04', to: '2025-03-10' });
  });

  it('opens on the last 30 days; custom keeps the days shown', () => {
    const filter = initialFilter(now, 'Asia/Tokyo');
    expect(filter).toMatchObject({ preset: 'last30', from: '2025-01-31', to: '2025-03-01' });
    expect(choosePreset(filter, 'custom', now, 'America/Sao_Paulo')).toMatchObject({
      preset: 'custom',
      from: '2025-01-31',
      to: '2025-03-01',
    });
  });
});
