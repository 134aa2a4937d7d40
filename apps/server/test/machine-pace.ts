import os from 'node:os';

/**
 * How much slower than a quiet machine this one runs right now: the one-minute load average per
 * core, at least 1. With more runnable processes than cores each one gets about cores ÷ load of a
 * core, so a test process waits that much longer for the same work. Capped, so that a test whose
 * condition never comes true still fails within a bounded time.
 */
const MAX_SLOWNESS = 8;

export function machineSlowness(): number {
  const perCore = os.loadavg()[0] / os.availableParallelism();
  return Math.min(MAX_SLOWNESS, Math.max(1, perCore));
}

/**
 * A deadline that waits for the machine: `ms` on a quiet machine, stretched by the slowness
 * measured now. For test timeouts and waits on start-ups, restarts and job expiry; never for an
 * assertion on speed (the benchmarks measure speed).
 */
export function paced(ms: number): number {
  return Math.round(ms * machineSlowness());
}

/**
 * Whether a wait that began at `startedAt` with a quiet-machine budget of `ms` is over. Asked
 * again at each try, so a machine that became busy during the wait extends it.
 */
export function pastDeadline(startedAt: number, ms: number): boolean {
  const elapsed = Date.now() - startedAt;
  return elapsed > ms && elapsed > paced(ms);
}
