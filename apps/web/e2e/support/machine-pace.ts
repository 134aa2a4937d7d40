import os from 'node:os';

/**
 * How much slower than a quiet machine this one runs right now: the one-minute load average per
 * core, at least 1 (with more runnable processes than cores, each gets about cores ÷ load of a
 * core). Capped, so a step that can never pass still fails in bounded time. The server suite has
 * the same measure (apps/server/test/machine-pace.ts).
 */
export function machineSlowness(): number {
  return Math.min(8, Math.max(1, os.loadavg()[0] / os.availableParallelism()));
}

/** A quiet machine's deadline stretched by the slowness measured now: for waits, never for speed. */
export function paced(ms: number): number {
  return Math.round(ms * machineSlowness());
}
