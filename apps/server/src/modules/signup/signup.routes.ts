import { signupBodySchema, signupQuerySchema } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SignupService } from './signup.service.ts';

export function registerSignupRoutes(app: FastifyInstance, service: SignupService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/companies/cadastro',
    {
      schema: { body: signupBodySchema, querystring: signupQuerySchema },
      config: { public: true },
      bodyLimit: 16 * 1024,
      onRequest: async () => service.assertEnabled(),
    },
    async (request, reply) => {
      const answer = await service.signup(request.body, {
        ip: request.ip,
        referrerCompanyId: request.query.companyId,
      });
      return reply.status(201).send(answer);
    },
  );
}
