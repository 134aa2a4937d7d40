import type { FastifyBaseLogger } from 'fastify';
import type { NodeBus } from '../cluster/node-bus.ts';

/** What one process tells the others: one entry, a group of entries (a company's), or all. */
type Change = { key: number } | { group: number } | { all: true };

interface Entry<Value> {
  value: Value;
  until: number;
}

export interface ProcessCacheOptions<Value> {
  /** The node bus news the processes tell each other changes under; one per cache. */
  news: string;
  /** How long a value read here may answer without asking the database again. */
  ttlMs: number;
  /** At most this many values are kept (least recently used go first). */
  size: number;
  /** The group a value belongs to (its company), for `forgetGroup`. */
  groupOf: (value: Value) => number;
  bus?: Pick<NodeBus, 'broadcast' | 'onBroadcast'>;
  log?: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Rows that many requests read and few change, kept per process by a numeric key for a short
 * while, at most `size` of them.
 *
 * Whatever changes what a kept row says calls `forget` or `forgetGroup` once its write has
 * committed: this process drops the rows at once and the others are told through the node bus
 * (PostgreSQL NOTIFY; nothing to tell on the embedded database, which is one process). A read that
 * began before a forget is not kept, so a row read just before a change cannot outlive it. A lost
 * notification is bounded by the expiry. A missing row (`null`) is never kept.
 */
export function createProcessCache<Value>(options: ProcessCacheOptions<Value>) {
  const now = options.now ?? Date.now;
  const entries = new Map<number, Entry<Value>>();
  /** One read at a time per key: 50 requests for the same key after an expiry ask once. */
  const reading = new Map<number, Promise<Value | null>>();
  /** Bumped by every forget: reads that began earlier must not fill the cache. */
  let generation = 0;

  function drop(change: Change) {
    generation += 1;
    if ('key' in change) {
      entries.delete(change.key);
      reading.delete(change.key);
    } else if ('group' in change) {
      for (const [key, entry] of entries) if (options.groupOf(entry.value) === change.group) entries.delete(key);
      reading.clear();
    } else {
      entries.clear();
      reading.clear();
    }
  }

  function tell(change: Change) {
    drop(change);
    options.bus
      ?.broadcast(options.news, change)
      .catch((error) => options.log?.warn({ err: error, news: options.news }, 'cache change not told'));
  }

  options.bus?.onBroadcast(options.news, (data) => {
    const change = data as Change | undefined;
    // Anything it cannot read (another version's message) forgets everything: safe, and rare.
    const known = change && typeof change === 'object' && ('key' in change || 'group' in change);
    drop(known ? change : { all: true });
  });

  return {
    /**
     * The value for `key`: from memory while fresh and `accepts` it, else from `read` (which
     * answers `null` for a row that does not exist).
     */
    async get(
      key: number,
      read: (key: number) => Promise<Value | null>,
      accepts: (value: Value) => boolean = () => true,
    ): Promise<Value | null> {
      const cached = entries.get(key);
      if (cached && cached.until > now() && accepts(cached.value)) {
        // Map order is insertion order: moving the entry to the end keeps the least recently used first.
        entries.delete(key);
        entries.set(key, cached);
        return cached.value;
      }
      const pending = reading.get(key);
      if (pending) {
        const value = await pending;
        if (value === null || accepts(value)) return value;
      }
      const startedAt = generation;
      const read$ = read(key);
      reading.set(key, read$);
      try {
        const value = await read$;
        if (value !== null && generation === startedAt) {
          entries.delete(key);
          entries.set(key, { value, until: now() + options.ttlMs });
          if (entries.size > options.size) entries.delete(entries.keys().next().value as number);
        }
        return value;
      } finally {
        if (reading.get(key) === read$) reading.delete(key);
      }
    },

    /** The row of `key` changed or is gone. */
    forget(key: number) {
      tell({ key });
    },

    /** Every row of the group changed or is gone. */
    forgetGroup(group: number) {
      tell({ group });
    },

    /** Every row changed (a rule that applies to all of them). */
    forgetAll() {
      tell({ all: true });
    },

    /** Values kept now (tests). */
    get size() {
      return entries.size;
    },
  };
}

export type ProcessCache<Value> = ReturnType<typeof createProcessCache<Value>>;
