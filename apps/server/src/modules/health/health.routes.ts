import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { isDatabaseUp } from '../../platform/db/health.ts';

/**
 * `ok` once the database answers and the sessions this process owns are restored; `starting`
 * (503) before that, so that a load balancer or a test sends no inbound traffic to a connection
 * that is not back yet; `unavailable` (503) without a database.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Database, isRestoring: () => boolean = () => false) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    if (!(await isDatabaseUp(db))) return reply.status(503).send({ status: 'unavailable' });
    if (isRestoring()) return reply.status(503).send({ status: 'starting' });
    return { status: 'ok' };
  });
}
