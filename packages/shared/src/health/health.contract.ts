import { defineRoute } from '../common/route-contract.ts';
import { healthReportSchema, readinessSchema } from './health.schema.ts';

/**
 * The health checks (public). The contract declares the 200 answer; a process that is not ready
 * answers 503 with the same schema, which the server sends itself.
 */
export const healthRoutes = {
  report: defineRoute({ method: 'GET', path: '/api/health', response: healthReportSchema }),
  ready: defineRoute({ method: 'GET', path: '/api/health/ready', response: readinessSchema }),
};
