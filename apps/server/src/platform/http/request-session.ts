import type { Profile } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** The tenancy context of a request: who is calling and for which company. */
export interface RequestSession {
  userId: number;
  companyId: number;
  profile: Profile;
  isSuper: boolean;
  tokenVersion: number;
  /**
   * The caller's ticket visibility (allTicket, queues), read with the session itself on every
   * HTTP request so the access rules need no query of their own. Absent on socket sessions, which
   * live for hours: there the rules read it fresh each time.
   */
  viewer?: { allTicket: boolean; queueIds: number[] };
  /** An admin of an expired company: only routes marked `billing: true` answer (docs/decisions/billing.md). */
  billingOnly?: boolean;
  /** The refresh session this access token belongs to (absent on tokens issued before sessions were listed). */
  sid?: string;
  /** A set-up-only token: only routes marked `twoFactorSetup: true` answer (docs/decisions/account-security.md). */
  twoFactorSetupOnly?: boolean;
  /**
   * A signed-in user whom a rule turned on since now requires to set up the second step: only
   * the set-up routes and those marked `twoFactorPending: true` (their own session) answer.
   */
  twoFactorSetupPending?: boolean;
  /** The caller's address (HTTP requests only), for the audit log. */
  ip?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
  }
  interface FastifyContextConfig {
    /** Routes reachable without an access token (login, refresh, public plan list, health). */
    public?: boolean;
    /** Routes an expired company's admin may still call, to pay: invoices, checkout, own session. */
    billing?: boolean;
    /** Routes a user who must first set up the second sign-in step may call with the set-up token. */
    twoFactorSetup?: boolean;
    /** Routes a signed-in user still answers while a rule waits for them to set up the second step (`/auth/me`). */
    twoFactorPending?: boolean;
  }
}

/**
 * Every `/api` route requires a valid Bearer token unless its config says `public: true`,
 * so a new route cannot forget authentication. Missing token: 401. Bad or expired: 403,
 * which tells the client to refresh once.
 */
export function registerAuthentication(
  app: FastifyInstance,
  resolveSession: (accessToken: string) => Promise<RequestSession | null>,
) {
  app.decorateRequest('session', null as unknown as RequestSession);
  app.addHook('onRequest', async (request) => {
    // Only matched API routes: unknown paths fall through to the 404 handler.
    if (!request.routeOptions.url?.startsWith('/api/') || request.routeOptions.config.public) return;
    const token = readBearerToken(request);
    if (!token) throw new AppError('ERR_NOT_AUTHENTICATED');
    const session = await resolveSession(token);
    if (!session) throw new AppError('ERR_SESSION_EXPIRED');
    const { config } = request.routeOptions;
    if (session.twoFactorSetupOnly && !config.twoFactorSetup) throw new AppError('ERR_2FA_SETUP_REQUIRED');
    if (session.twoFactorSetupPending && !config.twoFactorSetup && !config.twoFactorPending) {
      throw new AppError('ERR_2FA_SETUP_REQUIRED');
    }
    if (session.billingOnly && !config.billing) throw new AppError('ERR_BILLING_ONLY');
    session.ip = request.ip;
    request.session = session;
  });
}

function readBearerToken(request: FastifyRequest) {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}
