import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  DUE_DATE_WARNING_DAYS,
  type LoginAnswer,
  type LoginBody,
  type LoginTwoFactorBody,
  type ProfileUpdateBody,
  REFRESH_TOKEN_TTL_SECONDS,
  type SessionUser,
  type TwoFactorRequirement,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashPassword, verifyPassword } from '../../platform/http/passwords.ts';
import { RateLimiter } from '../../platform/http/rate-limiter.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { SessionCache } from '../../platform/http/session-cache.ts';
import type { TokenService } from '../../platform/http/tokens.ts';
import type { AuditLog } from '../audit/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import type { UsersRepository } from '../users/index.ts';
import type { createAuthRealtime } from './auth.realtime.ts';
import type { AuthRepository } from './auth.repository.ts';
import { assertCompanyOrBillingAccess, companyBlockReason, isBillingOnly } from './company-access.ts';
import { daysUntil } from './due-date.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/** A second refresh with the cookie just replaced (another tab) is accepted for this long. */
const ROTATION_GRACE_MS = 10_000;
/** Time to type the code after the password. */
const CHALLENGE_TTL_SECONDS = 300;
/** Time to scan the QR code and confirm it when the company requires a second step. */
const SETUP_TOKEN_TTL_SECONDS = 900;

/**
 * The session row the token check reads for a user (kept per process without its password hash),
 * with the ids of the user's refresh sessions: an access token of an ended session fails at once.
 */
export type AuthState = Omit<NonNullable<Awaited<ReturnType<UsersRepository['findAuthState']>>>, 'passwordHash'> & {
  sessionIds: string[];
  /** A rule now requires the second step of this user, who has not set it up yet. */
  twoFactorSetupPending: boolean;
};

export interface IssuedSession {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

/** Where a sign-in comes from, for the session list. */
export interface ClientInfo {
  deviceId: string | null;
  ip: string;
  userAgent: string | null;
}

type LoginOutcome =
  | (IssuedSession & Omit<LoginAnswer, 'token' | 'user'>)
  | { twoFactorRequired: true; challenge: string }
  | { twoFactorSetupRequired: true; token: string };

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
  twoFactor: TwoFactorService;
  settings: Pick<SettingsReader, 'read'>;
  audit: AuditLog;
}) {
  const { users, sessions, tokens, events, cache, twoFactor } = deps;

  async function readAuthState(userId: number): Promise<AuthState | null> {
    const [row, sessionIds] = await Promise.all([users.findAuthState(userId), sessions.liveIds(userId)]);
    if (!row) return null;
    const { passwordHash: _notKept, ...state } = row;
    return { ...state, sessionIds, twoFactorSetupPending: await isTwoFactorSetupPending(row) };
  }

  /**
   * Whether a rule (the company's or the platform's) requires the second step of a user who has
   * not set it up. Read with the session row, so a rule turned on reaches users already signed
   * in at their next request (docs/decisions/account-security.md, "Required set-up").
   */
  async function isTwoFactorSetupPending(user: { id: number; companyId: number; profile: string; isSuper: boolean }) {
    return (await twoFactor.isRequired(user)) && !(await twoFactor.isEnabled(user.id));
  }
  const attemptsByIp = new RateLimiter(deps.db, 'login-ip', deps.limits.perIp, deps.limits.windowMs);
  const failuresByEmail = new RateLimiter(deps.db, 'login-email', deps.limits.perEmail, deps.limits.windowMs);
  // The second step counts like the password: attempts per address, failures per user.
  const codeAttemptsByIp = new RateLimiter(deps.db, '2fa-ip', deps.limits.perIp, deps.limits.windowMs);
  const codeFailuresByUser = new RateLimiter(deps.db, '2fa-user', deps.limits.perEmail, deps.limits.windowMs);

  async function issueSession(companyId: number, userId: number, tokenVersion: number, client: ClientInfo) {
    const rotationId = randomUUID();
    const sessionId = await sessions.createSession({
      userId,
      companyId,
      tokenVersion,
      rotationId,
      deviceHash: client.deviceId ? hashDevice(client.deviceId) : null,
      expiresAt: refreshExpiry(),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip.slice(0, 64),
    });
    cache.forgetUser(userId);
    return {
      token: await tokens.signAccess({ userId, companyId, tokenVersion, sid: sessionId }),
      refreshToken: await tokens.signRefresh({ sid: sessionId, rid: rotationId }),
    };
  }

  /**
   * The sign-in proper, once the password (and the second step) passed. spec: a new sign-in ends
   * the user's older session, unless the company lets its users keep several (`multipleSessions`).
   */
  async function startSession(
    found: { id: number; companyId: number; dueDate: string | null },
    client: ClientInfo,
  ): Promise<IssuedSession & Omit<LoginAnswer, 'token' | 'user'>> {
    const { multipleSessions } = await deps.settings.read(found.companyId, ['multipleSessions']);
    let tokenVersion: number;
    if (multipleSessions === 'enabled') {
      tokenVersion = (await users.findAuthState(found.id))?.tokenVersion ?? 0;
    } else {
      tokenVersion = await users.bumpTokenVersion(found.companyId, found.id);
      cache.forgetUser(found.id);
      events.loggedInElsewhere(found.companyId, found.id, tokenVersion);
    }
    await sessions.deleteStaleSessions(found.id, tokenVersion);

    const issued = await issueSession(found.companyId, found.id, tokenVersion, client);
    const user = await requireSessionUser(found.companyId, found.id);
    const daysLeft = daysUntil(found.dueDate);
    // Past due (an admin in the billing-only view) is said by that view, not as a negative countdown.
    const warn = daysLeft !== null && daysLeft >= 0 && daysLeft < DUE_DATE_WARNING_DAYS;
    return { ...issued, user, ...(warn ? { dueDateWarningDays: daysLeft } : {}) };
  }

  /** Ends sessions of a user: their refresh stops, their access tokens and sockets at once. */
  async function endSessions(companyId: number, userId: number, sessionIds: string[]) {
    cache.forgetUser(userId);
    await events.sessionsEnded(companyId, userId, sessionIds);
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
    const twoFactorSetupPending = await isTwoFactorSetupPending({
      id: userId,
      companyId,
      profile: stored.profile,
      isSuper: stored.super,
    });
    return { ...stored, twoFactorSetupPending, company: { ...company, billingOnly, settings } };
  }

  return {
    async login(credentials: LoginBody, ip: string, client: Omit<ClientInfo, 'ip'>): Promise<LoginOutcome> {
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

      if (await twoFactor.isEnabled(found.id)) {
        const challenge = await tokens.signChallenge(
          { userId: found.id, companyId: found.companyId },
          CHALLENGE_TTL_SECONDS,
        );
        return { twoFactorRequired: true, challenge };
      }
      if (await twoFactor.isRequired(found)) {
        // No session yet: a token that opens the set-up routes only (docs/decisions/account-security.md).
        const state = await users.findAuthState(found.id);
        const token = await tokens.signAccess(
          { userId: found.id, companyId: found.companyId, tokenVersion: state?.tokenVersion ?? 0, scope: '2fa-setup' },
          SETUP_TOKEN_TTL_SECONDS,
        );
        return { twoFactorSetupRequired: true, token };
      }
      return startSession(found, { ...client, ip });
    },

    /** The second step: the challenge from the password step and a code (or a recovery code). */
    async loginTwoFactor(body: LoginTwoFactorBody, ip: string, client: Omit<ClientInfo, 'ip'>) {
      const ipWait = await codeAttemptsByIp.hit(ip);
      if (ipWait) throw new AppError('ERR_RATE_LIMITED', { details: { retryAfterSeconds: ipWait } });
      const claims = await tokens.verifyChallenge(body.challenge);
      if (!claims) throw new AppError('ERR_2FA_CHALLENGE_EXPIRED');
      const userKey = String(claims.userId);
      const userWait = await codeFailuresByUser.isLimited(userKey);
      if (userWait) throw new AppError('ERR_RATE_LIMITED', { details: { retryAfterSeconds: userWait } });

      const proof = 'code' in body ? { code: body.code } : { recoveryCode: body.recoveryCode };
      if (!(await twoFactor.verify(claims.userId, proof))) {
        await codeFailuresByUser.hit(userKey);
        throw new AppError('ERR_2FA_INVALID_CODE');
      }
      await codeFailuresByUser.reset(userKey);
      const state = await users.findAuthState(claims.userId);
      if (!state || state.companyId !== claims.companyId) throw new AppError('ERR_2FA_CHALLENGE_EXPIRED');
      // The company may have been switched off in the minutes between the two steps.
      assertCompanyOrBillingAccess(state);
      return startSession({ id: state.id, companyId: state.companyId, dueDate: state.dueDate }, { ...client, ip });
    },

    /**
     * Confirms the second step's set-up. Called with a set-up-only token (the company required it
     * at sign-in), it also completes that sign-in.
     */
    async enableTwoFactor(session: RequestSession, code: string, client: ClientInfo) {
      const recoveryCodes = await twoFactor.enable(session, code);
      // A signed-in user the rule held at the set-up screen is let through at the next request.
      cache.forgetUser(session.userId);
      if (!session.twoFactorSetupOnly) return { recoveryCodes };
      const state = await users.findAuthState(session.userId);
      if (!state) throw new AppError('ERR_SESSION_EXPIRED');
      assertCompanyOrBillingAccess(state);
      const issued = await startSession({ id: state.id, companyId: state.companyId, dueDate: state.dueDate }, client);
      return { recoveryCodes, issued };
    },

    /** The user turns the second step off; a rule that requires it sends them back to the set-up. */
    async disableTwoFactor(session: RequestSession, code: string) {
      await twoFactor.disable(session, code);
      cache.forgetUser(session.userId);
    },

    /** An admin resets a user's second step: their company's users, or any company's for the super user. */
    async resetTwoFactor(session: RequestSession, userId: number) {
      const target = await users.findAuthState(userId);
      if (!target || (!session.isSuper && target.companyId !== session.companyId)) throw new AppError('ERR_NOT_FOUND');
      if (target.isSuper && !session.isSuper) throw new AppError('ERR_NO_PERMISSION');
      await deps.db.transaction(async (tx) => {
        const wasEnabled = await twoFactor.remove(userId, tx);
        if (!wasEnabled) return;
        await deps.audit.record(tx, session, {
          action: 'user.twoFactorReset',
          entityType: 'user',
          entityId: userId,
          companyId: target.companyId,
          before: { twoFactor: 'enabled' },
          after: { twoFactor: 'disabled' },
        });
      });
      cache.forgetUser(userId);
    },

    /** The super user's platform-wide rule, recorded in the super user's company's log. */
    async setTwoFactorPolicy(session: RequestSession, require2fa: TwoFactorRequirement) {
      const answer = await deps.db.transaction(async (tx) => {
        const before = await twoFactor.policy(tx);
        const after = await twoFactor.setPolicy(require2fa, tx);
        await deps.audit.record(tx, session, {
          action: 'twoFactorPolicy.updated',
          entityType: 'platform',
          before,
          after,
        });
        return after;
      });
      // Whoever the rule now names meets it at their next request, in every process.
      cache.forgetAll();
      return answer;
    },

    /** The caller's signed-in browsers; `current` marks the one asking. */
    async listSessions(session: RequestSession) {
      const rows = await sessions.listLive(session.userId, session.tokenVersion);
      return rows.map(({ userAgent, ...row }) => ({
        ...row,
        browser: describeBrowser(userAgent),
        current: row.id === session.sid,
      }));
    },

    async endSession(session: RequestSession, sessionId: string) {
      if (!(await sessions.deleteUserSession(session.userId, sessionId))) throw new AppError('ERR_NOT_FOUND');
      await endSessions(session.companyId, session.userId, [sessionId]);
    },

    async endOtherSessions(session: RequestSession) {
      const ended = await sessions.deleteOtherSessions(session.userId, session.sid);
      await endSessions(session.companyId, session.userId, ended);
    },

    /** An admin signs a user of their company out everywhere (the super user any company's). */
    async endUserSessions(session: RequestSession, userId: number) {
      const target = await users.findAuthState(userId);
      if (!target || (!session.isSuper && target.companyId !== session.companyId)) throw new AppError('ERR_NOT_FOUND');
      if (target.isSuper && !session.isSuper) throw new AppError('ERR_NO_PERMISSION');
      const ended = await deps.db.transaction(async (tx) => {
        const ids = await sessions.deleteOtherSessions(userId, undefined, tx);
        await deps.audit.record(tx, session, {
          action: 'user.signedOut',
          entityType: 'user',
          entityId: userId,
          companyId: target.companyId,
          before: { sessions: ids.length },
          after: { sessions: 0 },
        });
        return ids;
      });
      await endSessions(target.companyId, userId, ended);
    },

    async refresh(refreshToken: string | undefined, deviceId?: string, ip?: string): Promise<IssuedSession> {
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
        if (
          !(await sessions.rotate(session.id, claims.rid, rotationId, refreshExpiry(), {
            ip: ip?.slice(0, 64) ?? null,
          }))
        ) {
          throw new AppError('ERR_INVALID_REFRESH_TOKEN');
        }
      } else if (!isWithinGrace(session, claims.rid, deviceId)) {
        // An old cookie came back: someone kept a copy (or it came from another browser within
        // the grace). End the session for everyone holding it.
        await sessions.deleteSession(session.id);
        throw new AppError('ERR_INVALID_REFRESH_TOKEN');
      }

      return {
        token: await tokens.signAccess({
          userId: user.id,
          companyId: user.companyId,
          tokenVersion: user.tokenVersion,
          sid: session.id,
        }),
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
      // Access tokens carry their session's id: forgetting the user's row ends this one's at once
      // and leaves the user's other sessions (`multipleSessions`) signed in. Older tokens without
      // an id still end with the token version, as before.
      const user = await users.findAuthState(session.userId);
      const { multipleSessions } = await deps.settings.read(session.companyId, ['multipleSessions']);
      if (user && user.tokenVersion === session.tokenVersion && multipleSessions !== 'enabled') {
        await users.bumpTokenVersion(session.companyId, session.userId);
      }
      cache.forgetUser(session.userId);
    },

    /** Resolves a Bearer token to the request's tenancy context; null when it is no longer good. */
    async resolveAccessToken(accessToken: string): Promise<RequestSession | null> {
      const claims = await tokens.verifyAccess(accessToken);
      if (!claims) return null;
      const user = await cache.get(claims.userId, claims.tokenVersion, readAuthState);
      if (!user || user.tokenVersion !== claims.tokenVersion || user.companyId !== claims.companyId) return null;
      // An ended session's access tokens stop now, not when they expire.
      if (claims.sid && !user.sessionIds.includes(claims.sid)) return null;
      if (claims.scope === '2fa-setup') {
        return {
          userId: user.id,
          companyId: user.companyId,
          profile: user.profile,
          isSuper: user.isSuper,
          tokenVersion: user.tokenVersion,
          twoFactorSetupOnly: true,
        };
      }
      // Refused like an ended session: the client refreshes, and the refresh says why.
      const billingOnly = isBillingOnly(user);
      if (companyBlockReason(user) && !billingOnly) return null;
      return {
        ...(billingOnly ? { billingOnly } : {}),
        ...(user.twoFactorSetupPending ? { twoFactorSetupPending: true } : {}),
        userId: user.id,
        companyId: user.companyId,
        profile: user.profile,
        isSuper: user.isSuper,
        tokenVersion: user.tokenVersion,
        ...(claims.sid ? { sid: claims.sid } : {}),
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
      if (changes.passwordHash) {
        // A new password signs out every other browser of the user (issue 53).
        const ended = await sessions.deleteOtherSessions(session.userId, session.sid);
        await endSessions(session.companyId, session.userId, ended);
      }
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

/** "Chrome on Windows" from a User-Agent, enough to tell one's devices apart. */
export function describeBrowser(userAgent: string | null) {
  if (!userAgent) return null;
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Chromium/', 'Chromium'],
      ['Safari/', 'Safari'],
    ].find(([token]) => userAgent.includes(token))?.[1] ?? null;
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iOS'],
      ['iPad', 'iOS'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => userAgent.includes(token))?.[1] ?? null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
