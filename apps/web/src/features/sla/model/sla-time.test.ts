import { describe, expect, it } from 'vitest';
import { formatSlaDuration, slaStatusAt } from './sla-time.ts';

const start = Date.parse('2026-12-03T10:00:00Z');
const sla = {
  startedAt: '2026-12-03T10:00:00.000Z',
  firstResponseDueAt: '2026-12-03T11:00:00.000Z',
  resolutionDueAt: '2026-12-03T18:00:00.000Z',
  breached: false,
};

describe('the time-left chip', () => {
  it('shows the first response while owed: green, amber in the last quarter, red when missed', () => {
    expect(slaStatusAt(sla, start + 10 * 60_000)).toEqual({
      kind: 'firstResponse',
      level: 'ok',
      remainingSeconds: 3000,
    });
    expect(slaStatusAt(sla, start + 46 * 60_000)?.level).toBe('warning');
    expect(slaStatusAt(sla, start + 61 * 60_000)).toMatchObject({ level: 'breached', remainingSeconds: -60 });
  });

  it('warns at least five minutes ahead on short targets', () => {
    const short = { ...sla, firstResponseDueAt: '2026-12-03T10:10:00.000Z' };
    expect(slaStatusAt(short, start + 4 * 60_000)?.level).toBe('ok');
    expect(slaStatusAt(short, start + 5 * 60_000)?.level).toBe('warning');
  });

  it('moves to the resolution once answered, and stays red after a breach', () => {
    const answered = { ...sla, firstResponseDueAt: null };
    expect(slaStatusAt(answered, start)?.kind).toBe('resolution');
    expect(slaStatusAt({ ...answered, breached: true }, start)?.level).toBe('breached');
    expect(slaStatusAt(null, start)).toBeNull();
    expect(slaStatusAt({ ...answered, resolutionDueAt: null }, start)).toBeNull();
  });

  it('writes durations short', () => {
    expect([45, 720, 3900, 2 * 86_400 + 3 * 3600, -300].map(formatSlaDuration)).toEqual([
      '45s',
      '12m',
      '1h 05m',
      '2d 3h',
      '5m',
    ]);
  });
});
