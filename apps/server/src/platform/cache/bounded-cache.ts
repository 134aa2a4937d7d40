/**
 * A small LRU map with a time to live, for values nothing needs to be told about when they change
 * (each process keeps its own; `process-cache.ts` is the one whose entries are forgotten on change).
 * Every cache the Baileys provider hands to the library or keeps for itself is one of these, so a
 * busy session never grows memory without bound (the library's defaults are time-bound only); it
 * satisfies Baileys' `CacheStore` shape (get/set/del/flushAll).
 */
export class BoundedCache<V = unknown> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly options: { maxEntries: number; ttlMs: number; now?: () => number }) {}

  private now() {
    return this.options.now ? this.options.now() : Date.now();
  }

  get size() {
    return this.entries.size;
  }

  get<T = V>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as unknown as T;
  }

  set<T = V>(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value: value as unknown as V, expiresAt: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  del(key: string): void {
    this.entries.delete(key);
  }

  flushAll(): void {
    this.entries.clear();
  }
}
