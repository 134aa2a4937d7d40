import { z } from 'zod';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import { helpFieldsSchema, helpSchema } from './help.schema.ts';

const params = z.object({ id: z.coerce.number().int().positive() });

/** The help videos: every logged-in user reads them, the super user manages them. */
export const helpRoutes = {
  /** spec: the client calls both `GET /helps` and `GET /helps/list`. */
  list: defineRoute({ method: 'GET', path: '/api/helps/list', response: z.array(helpSchema) }),
  create: defineRoute({
    method: 'POST',
    path: '/api/helps',
    body: helpFieldsSchema,
    response: helpSchema,
    status: 201,
  }),
  update: defineRoute({ method: 'PUT', path: '/api/helps/:id', params, body: helpFieldsSchema, response: helpSchema }),
  remove: defineRoute({ method: 'DELETE', path: '/api/helps/:id', params, response: noContentSchema, status: 204 }),
};
