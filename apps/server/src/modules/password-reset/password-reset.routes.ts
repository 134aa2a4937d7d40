import { passwordResetRoutes, RESET_CODE_TTL_MINUTES } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { PasswordResetService } from './password-reset.service.ts';

const RESET_PATH = '/api/resetpasswords';

/**
 * spec: the new password travels in the path of `POST /resetpasswords/{email}/{token}/{newPassword}`.
 * Fastify logs every request's URL, so these routes log a redacted copy instead: the code and
 * the password never reach a log line.
 */
export function redactResetUrl(url: string) {
  return url.replace(/^(\/api\/resetpasswords\/[^/?#]*)[/?#].*$/i, '$1/[redacted]');
}

const redactingSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactResetUrl(request.url),
    remoteAddress: request.ip,
  }),
};

export function registerPasswordResetRoutes(app: FastifyInstance, service: PasswordResetService) {
  route(
    app,
    passwordResetRoutes.requestCode,
    async (request) => {
      await service.requestCode(request.params.email, request.ip);
      return { sent: true as const, expiresInMinutes: RESET_CODE_TTL_MINUTES };
    },
    { config: { public: true } },
  );

  route(
    app,
    passwordResetRoutes.resetPassword,
    async (request) => {
      await service.resetPassword(request.params, request.ip);
      return { reset: true as const };
    },
    { config: { public: true }, logSerializers: redactingSerializers },
  );

  // Any other path under /resetpasswords (a missing part, a password with an unescaped "/")
  // would reach the not-found handler, which logs the URL as it came: answer here instead.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: `${RESET_PATH}/*`,
    config: { public: true },
    logSerializers: redactingSerializers,
    handler: async () => {
      throw new AppError('ERR_ROUTE_NOT_FOUND');
    },
  });
}
