import { signupRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { SignupService } from './signup.service.ts';

export function registerSignupRoutes(app: FastifyInstance, service: SignupService) {
  route(
    app,
    signupRoutes.signup,
    (request) => service.signup(request.body, { ip: request.ip, referrerCompanyId: request.query.companyId }),
    {
      config: { public: true },
      bodyLimit: 16 * 1024,
      // Switched off (config): refused before the body is read.
      onRequest: async () => service.assertEnabled(),
    },
  );
}
