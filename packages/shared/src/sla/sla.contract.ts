import { z } from 'zod';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import {
  slaBreachSchema,
  slaPolicyFieldsSchema,
  slaPolicyIdParamsSchema,
  slaPolicyRecordSchema,
  weeklySummarySchema,
} from './sla.schema.ts';

/** Service levels: the admins' policies, the bell's breaches, and the weekly summary subscription. */
export const slaRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/sla-policies', response: z.array(slaPolicyRecordSchema) }),
  find: defineRoute({
    method: 'GET',
    path: '/api/sla-policies/:id',
    params: slaPolicyIdParamsSchema,
    response: slaPolicyRecordSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/sla-policies',
    body: slaPolicyFieldsSchema,
    response: slaPolicyRecordSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/sla-policies/:id',
    params: slaPolicyIdParamsSchema,
    body: slaPolicyFieldsSchema,
    response: slaPolicyRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/sla-policies/:id',
    params: slaPolicyIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
  /** Open tickets with a missed target that the user is told of (their queues; admins: all). */
  breaches: defineRoute({ method: 'GET', path: '/api/sla/breaches', response: z.array(slaBreachSchema) }),
  /** The logged-in admin's weekly summary mail subscription. */
  weeklySummary: defineRoute({ method: 'GET', path: '/api/sla/weekly-summary', response: weeklySummarySchema }),
  setWeeklySummary: defineRoute({
    method: 'PUT',
    path: '/api/sla/weekly-summary',
    body: weeklySummarySchema,
    response: weeklySummarySchema,
  }),
};
