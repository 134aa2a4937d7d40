import type { FastifyBaseLogger } from 'fastify';
import { createProcessCache } from '../cache/process-cache.ts';
import type { NodeBus } from '../cluster/node-bus.ts';

/** How long a session row read here may answer without asking the database again (SESSION_CACHE_SECONDS). */
export const SESSION_CACHE_MS = 2_000;
/** At most this many users' rows are kept per process (least recently used go first). */
export const SESSION_CACHE_SIZE = 10_000;

/** What the token check needs of a user, without secrets (the password hash is never kept). */
export interface SessionState {
  id: number;
  companyId: number;
  tokenVersion: number;
}

/**
 * The session row every authenticated request reads (docs/performance-log.md, "The session cache"),
 * kept per process by user id for `SESSION_CACHE_MS`, `SESSION_CACHE_SIZE` rows at most
 * (platform/cache/process-cache.ts says how a change reaches every process).
 *
 * Whatever changes what the row says (token version, profile, allTicket, queues, the company's
 * status, due date or existence) calls `forgetUser` or `forgetCompany` once its write has committed.
 * A token newer than the kept row (a login elsewhere) reads the row again.
 */
export function createSessionCache<State extends SessionState>(
  options: {
    bus?: Pick<NodeBus, 'broadcast' | 'onBroadcast'>;
    log?: FastifyBaseLogger;
    now?: () => number;
    ttlMs?: number;
  } = {},
) {
  const { ttlMs = SESSION_CACHE_MS, ...rest } = options;
  const cache = createProcessCache<State>({
    ...rest,
    news: 'session-changed',
    ttlMs,
    size: SESSION_CACHE_SIZE,
    groupOf: (state) => state.companyId,
  });

  return {
    /**
     * The user's row, from the cache when fresh and not older than the token asking (`minVersion`),
     * else from `read`.
     */
    get(userId: number, minVersion: number, read: (userId: number) => Promise<State | null>) {
      return cache.get(userId, read, (state) => state.tokenVersion >= minVersion);
    },

    /** The user's row changed (token version, profile, allTicket, queues) or the user is gone. */
    forgetUser(userId: number) {
      cache.forget(userId);
    },

    /** The company's status, due date or queues changed, or it is gone: every user of it. */
    forgetCompany(companyId: number) {
      cache.forgetGroup(companyId);
    },

    /** A platform-wide rule changed what every row says (the second-step requirement). */
    forgetAll() {
      cache.forgetAll();
    },

    /** Rows kept now (tests). */
    get size() {
      return cache.size;
    },
  };
}

export type SessionCache<State extends SessionState> = ReturnType<typeof createSessionCache<State>>;

/** What a module that changes a session row calls, once its write has committed. */
export type SessionInvalidation = Pick<SessionCache<SessionState>, 'forgetUser' | 'forgetCompany'>;
