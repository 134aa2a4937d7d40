import type { FastifyInstance } from 'fastify';

/** Rewrites a URL before it is logged, so a secret a route takes in its path never reaches a log. */
export type UrlRedactor = (url: string) => string;

/** A request slower than this is logged at warn whatever its answer. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request, at a level that keeps a production log readable: successful requests
 * (API calls, the web app's files, media) at debug; client refusals (bad input, unknown routes,
 * authentication and permission failures) at info; rate limits and slow requests at warn;
 * server errors at error. Fastify's own per-request logging is off (`disableRequestLogging`).
 * Socket.IO's transport (polling included) never reaches Fastify, so it is not logged here.
 */
export function registerRequestLogging(app: FastifyInstance, redactors: readonly UrlRedactor[] = []) {
  // Matched or not (an unknown path can still carry a secret), every URL passes every redactor.
  const loggedUrl = (url: string) => redactors.reduce((current, redact) => redact(current), url);
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const level =
      status >= 500 ? 'error' : status === 429 || ms > SLOW_REQUEST_MS ? 'warn' : status >= 400 ? 'info' : 'debug';
    const userId = request.session?.userId;
    request.log[level](
      { method: request.method, url: loggedUrl(request.url), status, ms, ...(userId ? { userId } : {}) },
      ms > SLOW_REQUEST_MS ? 'slow request' : 'request',
    );
  });
}
