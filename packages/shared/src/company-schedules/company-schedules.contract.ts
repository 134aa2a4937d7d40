import { defineRoute } from '../common/route-contract.ts';
import {
  companySchedulesParamsSchema,
  companySchedulesRecordSchema,
  companySchedulesSchema,
} from './company-schedules.schema.ts';

/** A company's weekly opening hours (spec: Company schedules). */
export const companySchedulesRoutes = {
  /** A company with no hours saved yet answers the default week. */
  get: defineRoute({
    method: 'GET',
    path: '/api/companies/:id/schedules',
    params: companySchedulesParamsSchema,
    response: companySchedulesRecordSchema,
  }),
  /** Replaces the whole week; the answer is the saved week, Monday first. */
  save: defineRoute({
    method: 'PUT',
    path: '/api/companies/:id/schedules',
    params: companySchedulesParamsSchema,
    body: companySchedulesSchema,
    response: companySchedulesRecordSchema,
  }),
};
