import { defineRoute } from '../common/route-contract.ts';
import {
  dashboardAnswerSchema,
  dashboardQuerySchema,
  dashboardRangeQuerySchema,
  ticketsByDayAnswerSchema,
  ticketsByUserAnswerSchema,
} from './dashboard.schema.ts';

/** The dashboard's counters and charts (spec: Dashboard; `dashboard:view` only). */
export const dashboardRoutes = {
  summary: defineRoute({
    method: 'GET',
    path: '/api/dashboard',
    query: dashboardQuerySchema,
    response: dashboardAnswerSchema,
  }),
  ticketsByUser: defineRoute({
    method: 'GET',
    path: '/api/dashboard/ticketsUsers',
    query: dashboardRangeQuerySchema,
    response: ticketsByUserAnswerSchema,
  }),
  ticketsByDay: defineRoute({
    method: 'GET',
    path: '/api/dashboard/ticketsDay',
    query: dashboardRangeQuerySchema,
    response: ticketsByDayAnswerSchema,
  }),
};
