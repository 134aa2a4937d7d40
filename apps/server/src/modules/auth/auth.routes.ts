import { randomBytes } from 'node:crypto';
import { authRoutes, REFRESH_TOKEN_TTL_SECONDS } from '@wacrm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireAdmin, requireSuper } from '../../platform/http/guards.ts';
import type { AuthService, ClientInfo } from './auth.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const REFRESH_COOKIE = 'jrt';
/** This browser's id: the refresh grace for parallel tabs holds only for it. */
const DEVICE_COOKIE = 'jdv';

export function registerAuthRoutes(
  app: FastifyInstance,
  service: AuthService,
  twoFactor: TwoFactorService,
  options: { secureCookies: boolean },
) {
  const setRefreshCookie = (reply: FastifyReply, refreshToken: string) =>
    reply.setCookie(REFRESH_COOKIE, refreshToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      path: '/api/auth',
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });

  /** The browser's device id, made at its first login and kept as long as a refresh cookie. */
  const deviceOf = (request: FastifyRequest, reply: FastifyReply) => {
    const known = request.cookies[DEVICE_COOKIE];
    const deviceId = known && /^[\w-]{32,64}$/.test(known) ? known : randomBytes(24).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, deviceId, {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      path: '/api/auth',
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });
    return deviceId;
  };

  const clientOf = (request: FastifyRequest, reply: FastifyReply): ClientInfo => ({
    deviceId: deviceOf(request, reply),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  route(
    app,
    authRoutes.login,
    async (request, reply) => {
      const outcome = await service.login(request.body, request.ip, clientOf(request, reply));
      if (!('refreshToken' in outcome)) return outcome;
      const { refreshToken, ...answer } = outcome;
      setRefreshCookie(reply, refreshToken);
      return answer;
    },
    { config: { public: true } },
  );

  route(
    app,
    authRoutes.loginTwoFactor,
    async (request, reply) => {
      const { refreshToken, ...answer } = await service.loginTwoFactor(
        request.body,
        request.ip,
        clientOf(request, reply),
      );
      setRefreshCookie(reply, refreshToken);
      return answer;
    },
    { config: { public: true } },
  );

  route(app, authRoutes.twoFactorStatus, (request) => twoFactor.status(request.session));
  route(app, authRoutes.twoFactorSetup, (request) => twoFactor.setup(request.session), {
    config: { twoFactorSetup: true },
  });
  route(
    app,
    authRoutes.twoFactorEnable,
    async (request, reply) => {
      const { recoveryCodes, issued } = await service.enableTwoFactor(
        request.session,
        request.body.code,
        clientOf(request, reply),
      );
      if (!issued) return { recoveryCodes };
      const { refreshToken, ...session } = issued;
      setRefreshCookie(reply, refreshToken);
      return { recoveryCodes, session };
    },
    { config: { twoFactorSetup: true } },
  );
  route(app, authRoutes.twoFactorDisable, async (request, reply) => {
    await service.disableTwoFactor(request.session, request.body.code);
    reply.code(204);
  });
  route(
    app,
    authRoutes.twoFactorReset,
    async (request, reply) => {
      await service.resetTwoFactor(request.session, request.params.id);
      reply.code(204);
    },
    { preHandler: requireAdmin },
  );
  route(app, authRoutes.twoFactorPolicy, () => twoFactor.policy(), { preHandler: requireSuper });
  route(
    app,
    authRoutes.setTwoFactorPolicy,
    (request) => service.setTwoFactorPolicy(request.session, request.body.require2fa),
    {
      preHandler: requireSuper,
    },
  );

  route(app, authRoutes.sessions, (request) => service.listSessions(request.session));
  route(app, authRoutes.endSession, async (request, reply) => {
    await service.endSession(request.session, request.params.id);
    reply.code(204);
  });
  route(app, authRoutes.endOtherSessions, async (request, reply) => {
    await service.endOtherSessions(request.session);
    reply.code(204);
  });
  route(
    app,
    authRoutes.endUserSessions,
    async (request, reply) => {
      await service.endUserSessions(request.session, request.params.id);
      reply.code(204);
    },
    { preHandler: requireAdmin },
  );

  route(
    app,
    authRoutes.refresh,
    async (request, reply) => {
      try {
        const { refreshToken, token, user } = await service.refresh(
          request.cookies[REFRESH_COOKIE],
          request.cookies[DEVICE_COOKIE],
          request.ip,
        );
        setRefreshCookie(reply, refreshToken);
        return { token, user };
      } catch (error) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
        throw error;
      }
    },
    { config: { public: true } },
  );

  // Public so that a page whose access token has expired can still end its session.
  route(
    app,
    authRoutes.logout,
    async (request, reply) => {
      await service.logout(request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
    },
    { config: { public: true } },
  );

  route(app, authRoutes.me, (request) => service.me(request.session), {
    config: { billing: true, twoFactorPending: true },
  });

  route(app, authRoutes.updateMe, (request) => service.updateOwnProfile(request.session, request.body));
}
