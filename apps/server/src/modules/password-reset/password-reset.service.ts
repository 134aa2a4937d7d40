import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MINUTES,
  type ResetPasswordParams,
} from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashPassword } from '../../platform/http/passwords.ts';
import { RateLimiter } from '../../platform/http/rate-limiter.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { buildResetMail } from './password-reset.mail.ts';
import type { PasswordResetRepository } from './password-reset.repository.ts';

export function createPasswordResetService(deps: {
  repository: PasswordResetRepository;
  mailer: Mailer;
  /** Keys the code hashes: a copy of the table alone cannot be brute-forced back to codes. */
  secret: string;
  limits: { perIp: number; perEmail: number; windowMs: number };
  /** The database holds the counters, shared by every server process. */
  db: Database;
  log: FastifyBaseLogger;
  /** Tells the user's other sessions (other browsers) that they have ended. */
  onPasswordChanged: (companyId: number, userId: number, tokenVersion: number) => void;
}) {
  const { repository, mailer, log } = deps;
  const requestsByIp = new RateLimiter(deps.db, 'reset-request-ip', deps.limits.perIp, deps.limits.windowMs);
  const requestsByEmail = new RateLimiter(deps.db, 'reset-request-email', deps.limits.perEmail, deps.limits.windowMs);
  const resetsByIp = new RateLimiter(deps.db, 'reset-ip', deps.limits.perIp, deps.limits.windowMs);

  const hashCode = (userId: number, code: string) =>
    createHmac('sha256', deps.secret).update(`password-reset:${userId}:${code}`).digest();

  function rateLimited(waitSeconds: number) {
    return new AppError('ERR_RATE_LIMITED', { details: { retryAfterSeconds: waitSeconds } });
  }

  return {
    /** Step 1: mails a fresh 6-digit code; older codes of the user stop working. */
    async requestCode(email: string, ip: string) {
      const waitSeconds = (await requestsByIp.hit(ip)) || (await requestsByEmail.hit(email));
      if (waitSeconds) throw rateLimited(waitSeconds);
      if (!mailer) {
        log.warn('password reset: email cannot be sent because SMTP is not configured (set SMTP_HOST)');
        throw new AppError('ERR_EMAIL_NOT_CONFIGURED');
      }
      // spec: 404 when the email is unknown (the page says "email not found").
      const user = await repository.findUserByEmail(email);
      if (!user) throw new AppError('ERR_NO_USER_FOUND');

      const code = randomInt(0, 10 ** RESET_CODE_LENGTH)
        .toString()
        .padStart(RESET_CODE_LENGTH, '0');
      const codeId = await repository.replaceCodes(user.id, {
        codeHash: hashCode(user.id, code).toString('hex'),
        expiresAt: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
      });
      try {
        await mailer.send({ to: user.email, ...buildResetMail(user.language, code) });
      } catch (error) {
        // A code nobody received must not stay usable.
        await repository.deleteCode(codeId);
        log.error({ err: error, userId: user.id }, 'password reset: the email could not be sent');
        throw new AppError('ERR_EMAIL_SEND_FAILED');
      }
      log.info({ userId: user.id }, 'password reset: code sent');
    },

    /** Step 2: a right, live code sets the new password once and ends the user's other sessions. */
    async resetPassword(params: ResetPasswordParams, ip: string) {
      const waitSeconds = await resetsByIp.hit(ip);
      if (waitSeconds) throw rateLimited(waitSeconds);
      const user = await repository.findUserByEmail(params.email);
      // An unknown email answers like a wrong code: nothing to learn from step 2.
      if (!user) throw new AppError('ERR_INVALID_RESET_CODE');
      const live = await repository.spendAttempt(user.id, RESET_CODE_MAX_ATTEMPTS);
      if (!live || !sameHash(live.codeHash, hashCode(user.id, params.token))) {
        throw new AppError('ERR_INVALID_RESET_CODE');
      }
      const passwordHash = await hashPassword(params.newPassword);
      const tokenVersion = await repository.consumeCodeAndSetPassword(live.id, user, passwordHash);
      if (tokenVersion === null) throw new AppError('ERR_INVALID_RESET_CODE');
      deps.onPasswordChanged(user.companyId, user.id, tokenVersion);
      log.info({ userId: user.id }, 'password reset: password changed');
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

function sameHash(storedHex: string, computed: Buffer) {
  const stored = Buffer.from(storedHex, 'hex');
  return stored.length === computed.length && timingSafeEqual(stored, computed);
}
