import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client.ts';

/**
 * A fixed-window counter per key, kept in the database (`rate_limit_windows`) so that every
 * server process counts the same attempts: a login limit holds however many processes answer.
 * One upsert per hit; finished windows are swept now and then.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    /** Names the limit (login by address, reset by email…): the keys of different limits never meet. */
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; answers the seconds to wait when the key is over its limit, else 0. */
  async hit(key: string): Promise<number> {
    if (Math.random() < 0.01) void this.sweep();
    const [row] = await queryRows<{ count: number; remaining: number }>(
      this.db,
      sql`insert into rate_limit_windows (key, count, reset_at)
          values (${this.keyOf(key)}, 1, now() + ${this.windowMs} * interval '1 millisecond')
          on conflict (key) do update set
            count = case when rate_limit_windows.reset_at <= now() then 1 else rate_limit_windows.count + 1 end,
            reset_at = case when rate_limit_windows.reset_at <= now() then excluded.reset_at
                            else rate_limit_windows.reset_at end
          returning count, extract(epoch from (reset_at - now()))::float8 as remaining`,
    );
    return Number(row.count) > this.limit ? Math.max(1, Math.ceil(Number(row.remaining))) : 0;
  }

  /** Answers the seconds to wait when the key has used its limit, else 0 (counts nothing). */
  async isLimited(key: string): Promise<number> {
    const [row] = await queryRows<{ count: number; remaining: number }>(
      this.db,
      sql`select count, extract(epoch from (reset_at - now()))::float8 as remaining
          from rate_limit_windows where key = ${this.keyOf(key)} and reset_at > now()`,
    );
    if (!row || Number(row.count) < this.limit) return 0;
    return Math.max(1, Math.ceil(Number(row.remaining)));
  }

  async reset(key: string) {
    await this.db.execute(sql`delete from rate_limit_windows where key = ${this.keyOf(key)}`);
  }

  private keyOf(key: string) {
    return `${this.name}:${key}`.slice(0, 500);
  }

  private async sweep() {
    await this.db.execute(sql`delete from rate_limit_windows where reset_at <= now()`).catch(() => undefined);
  }
}
