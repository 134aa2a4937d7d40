import { z } from 'zod';
import { listQuerySchema } from '../common/pagination.ts';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import { planRecordSchema } from '../plans/plan.schema.ts';
import {
  companiesPageSchema,
  companyCreateSchema,
  companyFieldsSchema,
  companyIdParamsSchema,
  companyRecordSchema,
  companyUsageSchema,
} from './company.schema.ts';

const companyIdOfPlanParamsSchema = z.object({ companyId: z.coerce.number().int().positive().max(2_147_483_647) });

/** The companies routes (spec: Companies). Most are the super user's admin; the guards are the server's. */
export const companyRoutes = {
  /** The plan's flags drive the side menu: users read their own company's, the super user any. */
  plan: defineRoute({
    method: 'GET',
    path: '/api/companies/listPlan/:companyId',
    params: companyIdOfPlanParamsSchema,
    response: planRecordSchema,
  }),
  /** Limits and usage of the caller's own company. */
  usage: defineRoute({ method: 'GET', path: '/api/companies/usage', response: companyUsageSchema }),
  page: defineRoute({ method: 'GET', path: '/api/companies', query: listQuerySchema, response: companiesPageSchema }),
  /** Every company, for pickers (super user). */
  list: defineRoute({ method: 'GET', path: '/api/companies/list', response: z.array(companyRecordSchema) }),
  /** Also creates the company's first admin. */
  create: defineRoute({
    method: 'POST',
    path: '/api/companies',
    body: companyCreateSchema,
    response: companyRecordSchema,
    status: 201,
  }),
  find: defineRoute({
    method: 'GET',
    path: '/api/companies/:id',
    params: companyIdParamsSchema,
    response: companyRecordSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/companies/:id',
    params: companyIdParamsSchema,
    body: companyFieldsSchema,
    response: companyRecordSchema,
  }),
  /** spec "Company renewal": the due date moves on by the recurrence. */
  renew: defineRoute({
    method: 'POST',
    path: '/api/companies/:id/renew',
    params: companyIdParamsSchema,
    response: companyRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/companies/:id',
    params: companyIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
};
