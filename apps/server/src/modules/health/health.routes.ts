import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { isDatabaseUp } from '../../platform/db/health.ts';

export function registerHealthRoutes(app: FastifyInstance, db: Database) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    if (await isDatabaseUp(db)) return { status: 'ok' };
    return reply.status(503).send({ status: 'unavailable' });
  });
}
