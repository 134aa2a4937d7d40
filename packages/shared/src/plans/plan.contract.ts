import { z } from 'zod';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import { planFieldsSchema, planIdParamsSchema, planRecordSchema, publicPlanSchema } from './plan.schema.ts';

/** The plans routes (spec: Plans). All but the public list are the super user's catalogue. */
export const planRoutes = {
  /** The signup and subscription pages list plans before anyone has logged in. */
  listPublic: defineRoute({ method: 'GET', path: '/api/plans/list', response: z.array(publicPlanSchema) }),
  listAll: defineRoute({ method: 'GET', path: '/api/plans/all', response: z.array(planRecordSchema) }),
  create: defineRoute({
    method: 'POST',
    path: '/api/plans',
    body: planFieldsSchema,
    response: planRecordSchema,
    status: 201,
  }),
  find: defineRoute({ method: 'GET', path: '/api/plans/:id', params: planIdParamsSchema, response: planRecordSchema }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/plans/:id',
    params: planIdParamsSchema,
    body: planFieldsSchema,
    response: planRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/plans/:id',
    params: planIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
};
