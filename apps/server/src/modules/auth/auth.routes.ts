import { randomBytes } from 'node:crypto';
import { authRoutes, REFRESH_TOKEN_TTL_SECONDS } from '@wacrm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { AuthService } from './auth.service.ts';

const REFRESH_COOKIE = 'jrt';
/** This browser's id: the refresh grace for parallel tabs holds only for it. */
const DEVICE_COOKIE = 'jdv';

export function registerAuthRoutes(app: FastifyInstance, service: AuthService, options: { secureCookies: boolean }) {
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

  route(
    app,
    authRoutes.login,
    async (request, reply) => {
      const { refreshToken, ...answer } = await service.login(request.body, request.ip, deviceOf(request, reply));
      setRefreshCookie(reply, refreshToken);
      return answer;
    },
    { config: { public: true } },
  );

  route(
    app,
    authRoutes.refresh,
    async (request, reply) => {
      try {
        const { refreshToken, token, user } = await service.refresh(
          request.cookies[REFRESH_COOKIE],
          request.cookies[DEVICE_COOKIE],
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

  route(app, authRoutes.me, (request) => service.me(request.session), { config: { billing: true } });

  route(app, authRoutes.updateMe, (request) => service.updateOwnProfile(request.session, request.body));
}
