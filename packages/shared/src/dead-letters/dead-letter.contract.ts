import { z } from 'zod';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import { deadLetterIdParamsSchema, deadLetterRecordSchema } from './dead-letter.schema.ts';

/** The inbound messages the server could not store (admins only). */
export const deadLetterRoutes = {
  /** The newest first, at most the latest 200. */
  list: defineRoute({ method: 'GET', path: '/api/dead-letters', response: z.array(deadLetterRecordSchema) }),
  /** Dismisses a letter an admin has dealt with; an unknown id answers 404. */
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/dead-letters/:id',
    params: deadLetterIdParamsSchema,
    response: noContentSchema,
    status: 204,
  }),
};
