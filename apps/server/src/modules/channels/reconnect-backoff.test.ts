import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './reconnect-backoff.ts';

const options = { baseMs: 1_000, maxMs: 60_000, jitter: 0.5 };

describe('reconnectDelayMs', () => {
  it('doubles with each attempt without jitter', () => {
    const noJitter = { ...options, jitter: 0 };
    expect([0, 1, 2, 3, 4].map((attempt) => reconnectDelayMs(attempt, noJitter))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000,
    ]);
  });

  it('is capped', () => {
    expect(reconnectDelayMs(20, { ...options, jitter: 0 })).toBe(60_000);
    expect(reconnectDelayMs(1_000_000, { ...options, jitter: 0 })).toBe(60_000);
  });

  it('spreads the delay between (1 - jitter) and 100% of the exponential value', () => {
    expect(reconnectDelayMs(3, options, () => 0)).toBe(8_000);
    expect(reconnectDelayMs(3, options, () => 0.999999)).toBe(4_000);
    expect(reconnectDelayMs(3, options, () => 0.5)).toBe(6_000);
  });

  it('never answers a tight loop, whatever the input', () => {
    for (const attempt of [-5, 0, Number.NaN, 0.3]) {
      expect(reconnectDelayMs(attempt, options, () => 1)).toBeGreaterThanOrEqual(500);
    }
  });
});
