import type { FastifyBaseLogger } from 'fastify';

type Emit = (companyId: number, campaignId: number) => Promise<void>;

/**
 * The report's progress is a view, not state: per campaign at most one every `everyMs`, and the
 * last of a burst always goes (once the window ends), so neither a campaign's last sends nor a
 * hand-over that comes later, when the connection is back, is left out.
 */
export function createProgressThrottle(everyMs: number, emit: Emit, log: FastifyBaseLogger) {
  const lastAt = new Map<number, number>();
  const trailing = new Map<number, NodeJS.Timeout>();

  function fire(companyId: number, campaignId: number) {
    clearTimeout(trailing.get(campaignId));
    trailing.delete(campaignId);
    lastAt.set(campaignId, Date.now());
    return emit(companyId, campaignId);
  }

  return {
    /** Now, whatever came before (a campaign's end). */
    now: fire,

    /** Now when the last one is old enough, else once at the end of its window. */
    async soon(companyId: number, campaignId: number) {
      if (trailing.has(campaignId)) return;
      const wait = (lastAt.get(campaignId) ?? 0) + everyMs - Date.now();
      if (wait <= 0) return fire(companyId, campaignId);
      const timer = setTimeout(() => {
        fire(companyId, campaignId).catch((error) =>
          log.warn({ err: error, campaignId }, 'campaign progress not sent'),
        );
      }, wait);
      // A pending update never keeps the process alive.
      timer.unref();
      trailing.set(campaignId, timer);
    },

    /** The server stops: updates still waiting are dropped (clients reload the report on reconnect). */
    stop() {
      for (const timer of trailing.values()) clearTimeout(timer);
      trailing.clear();
    },
  };
}
