import { type HealthReport, healthReportSchema, healthRoutes, type Readiness, readinessSchema } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { isDatabaseUp } from '../../platform/db/health.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';

/** What this process reports about itself (several processes answer behind one address). */
export interface HealthProbe {
  node: string;
  /** The sessions this process owns are still being restored. */
  isRestoring: () => boolean;
  /** `starting` until listening with workers running, `draining` once SIGTERM arrived. */
  phase: () => 'starting' | 'ready' | 'draining';
  redis: () => Promise<'up' | 'down' | 'unused'>;
  jobs: () => 'running' | 'stopped';
  fanOut: string;
  sessions: () => number;
}

/**
 * `GET /api/health`: `ok` once the database answers and the sessions this process owns are
 * restored; `starting` (503) before that, so that a test sends no inbound traffic to a connection
 * that is not back yet; `unavailable` (503) without a database. It names the process (`node`) and
 * the state of its database, Redis and job workers.
 * `GET /api/health/ready`: for load balancers: 503 until the process serves and while it drains.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Database, probe: HealthProbe) {
  const health = (summary: string, notReady: z.ZodType) => ({
    config: { public: true, docs: { tags: ['health'], summary, responses: { 503: notReady } } },
  });

  route(
    app,
    healthRoutes.report,
    async (_request, reply) => {
      const database = (await isDatabaseUp(db)) ? 'up' : 'down';
      const status = database === 'down' ? 'unavailable' : probe.isRestoring() ? 'starting' : 'ok';
      const report: HealthReport = {
        status,
        node: probe.node,
        database,
        redis: await probe.redis(),
        jobs: probe.jobs(),
        realtimeFanOut: probe.fanOut,
        sessions: probe.sessions(),
        phase: probe.phase(),
      };
      return status === 'ok' ? report : reply.status(503).send(report);
    },
    health('This process, its database, Redis and job workers (503 until it is ready)', healthReportSchema),
  );

  route(
    app,
    healthRoutes.ready,
    async (_request, reply) => {
      const phase = probe.phase();
      if (phase !== 'ready') return reply.status(503).send({ status: phase, node: probe.node } satisfies Readiness);
      if (!(await isDatabaseUp(db))) {
        return reply.status(503).send({ status: 'unavailable', node: probe.node } satisfies Readiness);
      }
      return { status: 'ready' as const, node: probe.node };
    },
    health('The load balancer’s probe: 503 while starting and draining', readinessSchema),
  );
}
