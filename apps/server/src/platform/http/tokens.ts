import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@wacrm/shared';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

const accessClaimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  companyId: z.number().int(),
  tokenVersion: z.number().int(),
  sid: z.string().optional(),
  scope: z.literal('2fa-setup').optional(),
});
export type AccessClaims = {
  userId: number;
  companyId: number;
  tokenVersion: number;
  /** The refresh session the token was issued for: ending that session ends the token too. */
  sid?: string;
  /** `2fa-setup`: a token that opens only the second step's set-up routes. */
  scope?: '2fa-setup';
};

const challengeClaimsSchema = z.object({ sub: z.string().regex(/^\d+$/), companyId: z.number().int() });
export type ChallengeClaims = { userId: number; companyId: number };
const CHALLENGE_AUDIENCE = 'wacrm-2fa-challenge';

const refreshClaimsSchema = z.object({ sid: z.uuid(), rid: z.uuid() });
export type RefreshClaims = z.infer<typeof refreshClaimsSchema>;

/** Tokens whose signature is remembered; the oldest is forgotten first. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Signs and checks the two tokens of a session: the Bearer access token and the refresh cookie. */
export function createTokenService(secrets: { jwtSecret: string; jwtRefreshSecret: string }) {
  const accessKey = new TextEncoder().encode(secrets.jwtSecret);
  const refreshKey = new TextEncoder().encode(secrets.jwtRefreshSecret);
  // A key of its own, so a sign-in challenge can never pass for a refresh or an access token.
  const challengeKey = new TextEncoder().encode(`${secrets.jwtRefreshSecret}:2fa-challenge`);

  // A token's signature is checked once: every request of a session carries the same string for
  // 15 minutes, and HMAC through WebCrypto was ~5 % of a list request's CPU. Only the signature
  // and expiry are remembered; whether the session still stands (token version, company) is
  // asked of the database on every request as before.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  function remember(token: string, claims: AccessClaims, expiresAt: number) {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAt });
  }

  return {
    signAccess: (claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) =>
      new SignJWT({
        companyId: claims.companyId,
        tokenVersion: claims.tokenVersion,
        ...(claims.sid ? { sid: claims.sid } : {}),
        ...(claims.scope ? { scope: claims.scope } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(accessKey),

    /** The proof that the password was right, waiting for the second step (a few minutes). */
    signChallenge: (claims: ChallengeClaims, ttlSeconds: number) =>
      new SignJWT({ companyId: claims.companyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setAudience(CHALLENGE_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(challengeKey),

    async verifyChallenge(token: string): Promise<ChallengeClaims | null> {
      try {
        const { payload } = await jwtVerify(token, challengeKey, {
          algorithms: ['HS256'],
          audience: CHALLENGE_AUDIENCE,
        });
        const claims = challengeClaimsSchema.parse(payload);
        return { userId: Number(claims.sub), companyId: claims.companyId };
      } catch {
        return null;
      }
    },

    /** Answers the claims, or null when the token is malformed, forged or expired. */
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, accessKey, { algorithms: ['HS256'] });
        const claims = accessClaimsSchema.parse(payload);
        const answer: AccessClaims = {
          userId: Number(claims.sub),
          companyId: claims.companyId,
          tokenVersion: claims.tokenVersion,
          ...(claims.sid ? { sid: claims.sid } : {}),
          ...(claims.scope ? { scope: claims.scope } : {}),
        };
        remember(token, answer, (payload.exp ?? 0) * 1000);
        return answer;
      } catch {
        return null;
      }
    },

    signRefresh: (claims: RefreshClaims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(`${REFRESH_TOKEN_TTL_SECONDS}s`)
        .sign(refreshKey),

    async verifyRefresh(token: string): Promise<RefreshClaims | null> {
      try {
        const { payload } = await jwtVerify(token, refreshKey, { algorithms: ['HS256'] });
        return refreshClaimsSchema.parse(payload);
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
