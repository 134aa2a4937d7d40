import { z } from 'zod';

/**
 * `GET /api/health`: what this process reports about itself, `ok` (200) once the database answers
 * and the sessions it owns are restored, `starting` or `unavailable` (503) before that.
 */
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'starting', 'unavailable']),
  /** This process, among the several that may answer behind one address. */
  node: z.string(),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'unused']),
  jobs: z.enum(['running', 'stopped']),
  realtimeFanOut: z.string(),
  sessions: z.number(),
  phase: z.enum(['starting', 'ready', 'draining']),
});
export type HealthReport = z.input<typeof healthReportSchema>;

/** `GET /api/health/ready`, the load balancer's probe: `ready` (200), or why not (503). */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'starting', 'draining', 'unavailable']),
  node: z.string(),
});
export type Readiness = z.input<typeof readinessSchema>;
