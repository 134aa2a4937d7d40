/**
 * A fixed-window counter per key, in memory. Good for one process; with several nodes each
 * counts on its own, which still bounds an attacker to N times the limit (see README, scaling).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; answers the seconds to wait when the key is over its limit, else 0. */
  hit(key: string, now = Date.now()): number {
    this.sweep(now);
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    window.count += 1;
    return window.count > this.limit ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  isLimited(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.limit) return 0;
    return Math.ceil((window.resetAt - now) / 1000);
  }

  reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    // Bound the memory an attacker with many keys can use.
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
