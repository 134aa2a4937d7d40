export interface BackoffOptions {
  /** Delay of the first retry. */
  baseMs: number;
  /** No delay is ever longer than this. */
  maxMs: number;
  /** Share of the delay that is random, 0..1 (0.5: between 50% and 100% of the exponential delay). */
  jitter: number;
}

export const defaultReconnectBackoff: BackoffOptions = { baseMs: 2_000, maxMs: 5 * 60_000, jitter: 0.5 };

/**
 * The wait before reconnect attempt `attempt` (0 for the first): exponential, capped, with
 * jitter so that many sessions dropped at once (a network blip) do not all come back together.
 * Never below half the base: a dropped session can never spin in a tight loop.
 */
export function reconnectDelayMs(
  attempt: number,
  options: BackoffOptions = defaultReconnectBackoff,
  random = Math.random,
) {
  const safeAttempt = Number.isFinite(attempt) ? Math.max(0, Math.min(Math.floor(attempt), 30)) : 0;
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** safeAttempt);
  const jitter = Math.min(1, Math.max(0, options.jitter));
  const delay = exponential * (1 - jitter * random());
  return Math.max(Math.round(delay), Math.round(options.baseMs / 2));
}
