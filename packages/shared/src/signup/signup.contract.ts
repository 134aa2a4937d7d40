import { defineRoute } from '../common/route-contract.ts';
import { signupAnswerSchema, signupBodySchema, signupQuerySchema } from './signup.schema.ts';

/** The public signup (spec: Signup): a company on a trial with its first admin. */
export const signupRoutes = {
  signup: defineRoute({
    method: 'POST',
    path: '/api/companies/cadastro',
    query: signupQuerySchema,
    body: signupBodySchema,
    response: signupAnswerSchema,
    status: 201,
  }),
};
