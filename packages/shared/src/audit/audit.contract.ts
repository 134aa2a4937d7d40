import { csvFileSchema, defineRoute } from '../common/route-contract.ts';
import { auditPageSchema, auditQuerySchema } from './audit.schema.ts';

/** The audit log (issue 53): admins read their company's, the super user every company's. */
export const auditRoutes = {
  page: defineRoute({ method: 'GET', path: '/api/audit-log', query: auditQuerySchema, response: auditPageSchema }),
  /** The same entries and filters as the screen, every page of them. */
  exportCsv: defineRoute({
    method: 'GET',
    path: '/api/audit-log.csv',
    query: auditQuerySchema.omit({ pageNumber: true }),
    response: csvFileSchema,
  }),
};
