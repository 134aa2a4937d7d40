import type { FastifyBaseLogger } from 'fastify';
import type { NodeBus } from '../cluster/node-bus.ts';

/** How long a session row read here may answer without asking the database again. */
export const SESSION_CACHE_MS = 2_000;
/** At most this many users' rows are kept per process (least recently used go first). */
export const SESSION_CACHE_SIZE = 10_000;

/** The other processes hear about a change under this name (node bus broadcast). */
const NEWS = 'session-changed';

/** What the token check needs of a user, without secrets (the password hash is never kept). */
export interface SessionState {
  id: number;
  companyId: number;
  tokenVersion: number;
}

type Change = { userId: number } | { companyId: number } | { all: true };

interface Entry<State> {
  state: State;
  until: number;
}

/**
 * The session row every authenticated request reads (docs/performance.md, "Third round"), kept per
 * process by user id for `SESSION_CACHE_MS`, `SESSION_CACHE_SIZE` rows at most.
 *
 * Whatever changes what the row says (token version, profile, allTicket, queues, the company's
 * status, due date or existence) calls `forgetUser` or `forgetCompany` once its write has committed:
 * this process drops the rows at once and the others are told through the node bus (PostgreSQL
 * NOTIFY; nothing to tell on the embedded database, which is one process). A read that began before
 * a forget is not kept, so a row read just before a change cannot outlive it. A token newer than the
 * kept row (a login elsewhere) reads the row again. A lost notification is bounded by the expiry.
 */
export function createSessionCache<State extends SessionState>(
  options: { bus?: Pick<NodeBus, 'broadcast' | 'onBroadcast'>; log?: FastifyBaseLogger; now?: () => number } = {},
) {
  const now = options.now ?? Date.now;
  const rows = new Map<number, Entry<State>>();
  /** One read at a time per user: 50 requests of the same user after an expiry ask once. */
  const reading = new Map<number, Promise<State | null>>();
  /** Bumped by every forget: reads that began earlier must not fill the cache. */
  let generation = 0;

  function drop(change: Change) {
    generation += 1;
    if ('userId' in change) {
      rows.delete(change.userId);
      reading.delete(change.userId);
    } else if ('companyId' in change) {
      for (const [userId, entry] of rows) if (entry.state.companyId === change.companyId) rows.delete(userId);
      reading.clear();
    } else {
      rows.clear();
      reading.clear();
    }
  }

  function tell(change: Change) {
    drop(change);
    options.bus?.broadcast(NEWS, change).catch((error) => options.log?.warn({ err: error }, 'session change not told'));
  }

  options.bus?.onBroadcast(NEWS, (data) => {
    const change = data as Change | undefined;
    drop(change && typeof change === 'object' ? change : { all: true });
  });

  return {
    /**
     * The user's row, from the cache when fresh and not older than the token asking (`minVersion`),
     * else from `read`.
     */
    async get(userId: number, minVersion: number, read: (userId: number) => Promise<State | null>) {
      const cached = rows.get(userId);
      if (cached && cached.until > now() && cached.state.tokenVersion >= minVersion) {
        // Map order is insertion order: moving the row to the end keeps the least recently used first.
        rows.delete(userId);
        rows.set(userId, cached);
        return cached.state;
      }
      const pending = reading.get(userId);
      if (pending) {
        const state = await pending;
        if (!state || state.tokenVersion >= minVersion) return state;
      }
      const startedAt = generation;
      const read$ = read(userId);
      reading.set(userId, read$);
      try {
        const state = await read$;
        if (state && generation === startedAt) {
          rows.delete(userId);
          rows.set(userId, { state, until: now() + SESSION_CACHE_MS });
          if (rows.size > SESSION_CACHE_SIZE) rows.delete(rows.keys().next().value as number);
        }
        return state;
      } finally {
        if (reading.get(userId) === read$) reading.delete(userId);
      }
    },

    /** The user's row changed (token version, profile, allTicket, queues) or the user is gone. */
    forgetUser(userId: number) {
      tell({ userId });
    },

    /** The company's status, due date or queues changed, or it is gone: every user of it. */
    forgetCompany(companyId: number) {
      tell({ companyId });
    },

    /** Rows kept now (tests). */
    get size() {
      return rows.size;
    },
  };
}

export type SessionCache<State extends SessionState> = ReturnType<typeof createSessionCache<State>>;

/** What a module that changes a session row calls, once its write has committed. */
export type SessionInvalidation = Pick<SessionCache<SessionState>, 'forgetUser' | 'forgetCompany'>;
