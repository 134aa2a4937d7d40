import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  DUE_DATE_WARNING_DAYS,
  type LoginAnswer,
  type LoginBody,
  type ProfileUpdateBody,
  REFRESH_TOKEN_TTL_SECONDS,
  type SessionUser,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashPassword, verifyPassword } from '../../platform/http/passwords.ts';
import { RateLimiter } from '../../platform/http/rate-limiter.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { SessionCache } from '../../platform/http/session-cache.ts';
import type { TokenService } from '../../platform/http/tokens.ts';
import type { UsersRepository } from '../users/index.ts';
import type { createAuthRealtime } from './auth.realtime.ts';
import type { AuthRepository } from './auth.repository.ts';
import { assertCompanyOrBillingAccess, companyBlockReason, isBillingOnly } from './company-access.ts';
import { daysUntil } from './due-date.ts';

/** A second refresh with the cookie just replaced (another tab) is accepted for this long. */
const ROTATION_GRACE_MS = 10_000;

/** The session row the token check reads for a user (kept per process without its password hash). */
export type AuthState = Omit<NonNullable<Awaited<ReturnType<UsersRepository['findAuthState']>>>, 'passwordHash'>;

export interface IssuedSession {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

export function createAuthService(deps: {
  users: UsersRepository;
  sessions: AuthRepository;
  tokens: TokenService;
  events: ReturnType<typeof createAuthRealtime>;
  limits: { perIp: number; perEmail: number; windowMs: number };
  /** The database holds the counters, shared by every server process. */
  db: Database;
  /** The token check's rows, per process (platform/http/session-cache.ts). */
  cache: SessionCache<AuthState>;
}) {
  const { users, sessions, tokens, events, cache } = deps;

  async function readAuthState(userId: number): Promise<AuthState | null> {
    const row = await users.findAuthState(userId);
    if (!row) return null;
    const { passwordHash: _notKept, ...state } = row;
    return state;
  }
  const attemptsByIp = new RateLimiter(deps.db, 'login-ip', deps.limits.perIp, deps.limits.windowMs);
  const failuresByEmail = new RateLimiter(deps.db, 'login-email', deps.limits.perEmail, deps.limits.windowMs);

  async function issueSession(companyId: number, userId: number, tokenVersion: number, deviceId: string | null) {
    const rotationId = randomUUID();
    const sessionId = await sessions.createSession({
      userId,
      companyId,
      tokenVersion,
      rotationId,
      deviceHash: deviceId ? hashDevice(deviceId) : null,
      expiresAt: refreshExpiry(),
    });
    return {
      token: await tokens.signAccess({ userId, companyId, tokenVersion }),
      refreshToken: await tokens.signRefresh({ sid: sessionId, rid: rotationId }),
    };
  }

  async function requireSessionUser(companyId: number, userId: number): Promise<SessionUser> {
    const stored = await users.loadSessionUser(companyId, userId);
    if (!stored) throw new AppError('ERR_SESSION_EXPIRED');
    const { status, settings, ...company } = stored.company;
    const billingOnly = isBillingOnly({
      isSuper: stored.super,
      profile: stored.profile,
      companyStatus: status,
      dueDate: company.dueDate,
    });
    return { ...stored, company: { ...company, billingOnly, settings } };
  }

  return {
    async login(
      credentials: LoginBody,
      ip: string,
      deviceId: string | null = null,
    ): Promise<IssuedSession & Omit<LoginAnswer, 'token' | 'user'>> {
      const waitSeconds = (await attemptsByIp.hit(ip)) || (await failuresByEmail.isLimited(credentials.email));
      if (waitSeconds) throw new AppError('ERR_RATE_LIMITED', { details: { retryAfterSeconds: waitSeconds } });

      const found = await users.findForLogin(credentials.email);
      // Unknown email and wrong password answer alike, so emails cannot be probed.
      if (!found || !(await verifyPassword(found.passwordHash, credentials.password))) {
        await failuresByEmail.hit(credentials.email);
        throw new AppError('ERR_INVALID_CREDENTIALS');
      }
      assertCompanyOrBillingAccess(found);
      await failuresByEmail.reset(credentials.email);

      const tokenVersion = await users.bumpTokenVersion(found.companyId, found.id);
      cache.forgetUser(found.id);
      await sessions.deleteStaleSessions(found.id, tokenVersion);
      events.loggedInElsewhere(found.companyId, found.id, tokenVersion);

      const issued = await issueSession(found.companyId, found.id, tokenVersion, deviceId);
      const user = await requireSessionUser(found.companyId, found.id);
      const daysLeft = daysUntil(found.dueDate);
      // Past due (an admin in the billing-only view) is said by that view, not as a negative countdown.
      const warn = daysLeft !== null && daysLeft >= 0 && daysLeft < DUE_DATE_WARNING_DAYS;
      return { ...issued, user, ...(warn ? { dueDateWarningDays: daysLeft } : {}) };
    },

    async refresh(refreshToken: string | undefined, deviceId?: string): Promise<IssuedSession> {
      const claims = refreshToken ? await tokens.verifyRefresh(refreshToken) : null;
      if (!claims) throw new AppError('ERR_INVALID_REFRESH_TOKEN');
      const session = await sessions.findSession(claims.sid);
      if (!session || session.expiresAt < new Date()) throw new AppError('ERR_INVALID_REFRESH_TOKEN');

      const user = await users.findAuthState(session.userId);
      if (!user || user.tokenVersion !== session.tokenVersion) {
        await sessions.deleteSession(session.id);
        throw new AppError('ERR_INVALID_REFRESH_TOKEN');
      }
      // A company switched off or past due stays out as long as login would keep it out.
      assertCompanyOrBillingAccess(user);

      let rotationId = session.rotationId;
      if (claims.rid === session.rotationId) {
        rotationId = randomUUID();
        if (!(await sessions.rotate(session.id, claims.rid, rotationId, refreshExpiry()))) {
          throw new AppError('ERR_INVALID_REFRESH_TOKEN');
        }
      } else if (!isWithinGrace(session, claims.rid, deviceId)) {
        // An old cookie came back: someone kept a copy (or it came from another browser within
        // the grace). End the session for everyone holding it.
        await sessions.deleteSession(session.id);
        throw new AppError('ERR_INVALID_REFRESH_TOKEN');
      }

      return {
        token: await tokens.signAccess({ userId: user.id, companyId: user.companyId, tokenVersion: user.tokenVersion }),
        refreshToken: await tokens.signRefresh({ sid: session.id, rid: rotationId }),
        user: await requireSessionUser(user.companyId, user.id),
      };
    },

    /**
     * Ends the session and, if it is the user's current one, every access token issued for it
     * (docs/decisions/hardening.md): a user has one session, so bumping the token
     * version signs out no one else.
     */
    async logout(refreshToken: string | undefined) {
      const claims = refreshToken ? await tokens.verifyRefresh(refreshToken) : null;
      if (!claims) return;
      const session = await sessions.findSession(claims.sid);
      if (!session) return;
      await sessions.deleteSession(session.id);
      const user = await users.findAuthState(session.userId);
      if (user && user.tokenVersion === session.tokenVersion) {
        await users.bumpTokenVersion(session.companyId, session.userId);
        cache.forgetUser(session.userId);
      }
    },

    /** Resolves a Bearer token to the request's tenancy context; null when it is no longer good. */
    async resolveAccessToken(accessToken: string): Promise<RequestSession | null> {
      const claims = await tokens.verifyAccess(accessToken);
      if (!claims) return null;
      const user = await cache.get(claims.userId, claims.tokenVersion, readAuthState);
      if (!user || user.tokenVersion !== claims.tokenVersion || user.companyId !== claims.companyId) return null;
      // Refused like an ended session: the client refreshes, and the refresh says why.
      const billingOnly = isBillingOnly(user);
      if (companyBlockReason(user) && !billingOnly) return null;
      return {
        ...(billingOnly ? { billingOnly } : {}),
        userId: user.id,
        companyId: user.companyId,
        profile: user.profile,
        isSuper: user.isSuper,
        tokenVersion: user.tokenVersion,
        viewer: { allTicket: user.allTicket === 'enabled', queueIds: user.queueIds },
      };
    },

    me: (session: RequestSession) => requireSessionUser(session.companyId, session.userId),

    async updateOwnProfile(session: RequestSession, body: ProfileUpdateBody) {
      const changes: { name: string; passwordHash?: string } = { name: body.name };
      if (body.password) {
        const current = await users.findAuthState(session.userId);
        if (!current || !(await verifyPassword(current.passwordHash, body.currentPassword ?? ''))) {
          throw new AppError('ERR_VALIDATION', { fields: { currentPassword: 'Wrong password' } });
        }
        changes.passwordHash = await hashPassword(body.password);
      }
      await users.updateOwnProfile(session.companyId, session.userId, changes);
      return requireSessionUser(session.companyId, session.userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function refreshExpiry() {
  return new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
}

export const hashDevice = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

/**
 * The cookie just replaced, sent again within the grace by the same browser (its device cookie):
 * two tabs refreshing at once. From anywhere else it is a copy (docs/decisions/hardening.md).
 */
function isWithinGrace(
  session: { previousRotationId: string | null; rotatedAt: Date | null; deviceHash: string | null },
  rotationId: string,
  deviceId: string | undefined,
) {
  return (
    session.previousRotationId === rotationId &&
    session.deviceHash !== null &&
    deviceId !== undefined &&
    timingSafeEqual(Buffer.from(hashDevice(deviceId)), Buffer.from(session.deviceHash)) &&
    session.rotatedAt !== null &&
    Date.now() - session.rotatedAt.getTime() < ROTATION_GRACE_MS
  );
}
