/** How long a connection row read here may answer without asking the database again. */
const CONNECTION_CACHE_MS = 5_000;

interface CachedConnection<Row> {
  companyId: number;
  row: Row;
  until: number;
}

/**
 * The connection rows the inbound routes ask for on every message (the sandbox checks that the
 * connection is its own), kept for a few seconds. `forget` drops a row when its connection
 * changes provider or is deleted (both go through the session manager's `remove`); a read that
 * started before a `forget` is not kept, so a stale row never outlives the change. The expiry
 * bounds what another server process may change without telling this one.
 */
export function createConnectionCache<Row extends { companyId: number }>(
  read: (companyId: number, id: number) => Promise<Row | null>,
  now: () => number = Date.now,
) {
  const rows = new Map<number, CachedConnection<Row>>();
  /** Bumped by every `forget` of an id: reads that began earlier must not fill the cache. */
  const generations = new Map<number, number>();

  return {
    async find(companyId: number, id: number): Promise<Row | null> {
      const cached = rows.get(id);
      if (cached && cached.until > now()) return cached.companyId === companyId ? cached.row : null;
      const generation = generations.get(id) ?? 0;
      const row = await read(companyId, id);
      // Only a row of the asking company is kept (another company's id reads as nothing).
      if (row && (generations.get(id) ?? 0) === generation) {
        rows.set(id, { companyId: row.companyId, row, until: now() + CONNECTION_CACHE_MS });
      }
      return row;
    },

    forget(id: number) {
      rows.delete(id);
      generations.set(id, (generations.get(id) ?? 0) + 1);
    },
  };
}
