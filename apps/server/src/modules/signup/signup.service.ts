import { adminNameOf, SIGNUP_RECURRENCE, SIGNUP_TRIAL_DAYS, type SignupAnswer, type SignupBody } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashPassword } from '../../platform/http/passwords.ts';
import { RateLimiter } from '../../platform/http/rate-limiter.ts';
import type { SignupRepository } from './signup.repository.ts';

export interface SignupContext {
  ip: string;
  /** The `companyId` of the signup page's query string: a referral, recorded in the log only. */
  referrerCompanyId?: number;
}

export function createSignupService(deps: {
  db: Database;
  repository: SignupRepository;
  limits: { perIp: number; windowMs: number };
  /** `SIGNUP_ENABLED`: a server whose owner creates every company turns public signup off. */
  isEnabled: boolean;
  log: FastifyBaseLogger;
}) {
  const { db, repository, log } = deps;
  const attemptsByIp = new RateLimiter(deps.db, 'signup-ip', deps.limits.perIp, deps.limits.windowMs);

  return {
    /** Refuses every signup while it is turned off, before the body is read (docs/decisions/error-codes.md). */
    assertEnabled() {
      if (!deps.isEnabled) throw new AppError('ERR_USER_CREATION_DISABLED');
    },

    /**
     * spec: a signup makes a company on a 3-day trial (recurrence MENSAL, status on,
     * campaignsEnabled on) with every default setting and its first admin, in one transaction.
     * The server sets the subscription fields itself; the client cannot choose them.
     */
    async signup(body: SignupBody, context: SignupContext): Promise<SignupAnswer> {
      const waitSeconds = await attemptsByIp.hit(context.ip);
      if (waitSeconds) throw new AppError('ERR_RATE_LIMITED', { details: { retryAfterSeconds: waitSeconds } });

      // Hashed before the transaction: PGlite is one connection, keep transactions short.
      const passwordHash = await hashPassword(body.password);
      const answer = await db
        .transaction(async (tx) => {
          const plan = await repository.findPlan(tx, body.planId);
          if (!plan) throw new AppError('ERR_VALIDATION', { fields: { planId: 'Plan not found' } });
          // The first admin is a user of the plan: a plan that allows no user cannot be signed up for.
          if (plan.users < 1) {
            throw new AppError('ERR_PLAN_LIMIT', { details: { resource: 'users', limit: plan.users, used: 0 } });
          }
          if (await repository.isEmailTaken(tx, body.email)) {
            throw new AppError('ERR_EMAIL_IN_USE', { fields: { email: 'This email is already in use' } });
          }
          const company = await repository.insertCompany(tx, {
            name: body.name,
            email: body.email,
            phone: body.phone,
            planId: plan.id,
            dueDate: trialDueDate(),
            recurrence: SIGNUP_RECURRENCE,
          });
          await repository.insertSettings(tx, company.id, { campaignsEnabled: 'true' });
          const user = await repository.insertAdmin(tx, company.id, {
            name: adminNameOf(body),
            email: body.email,
            passwordHash,
          });
          return {
            company: { ...company, dueDate: company.dueDate ?? trialDueDate(), planId: plan.id },
            user,
          };
        })
        .catch((error: unknown) => {
          // Two signups with one email at the same moment: the unique index decides.
          if (isUniqueViolation(error)) {
            throw new AppError('ERR_EMAIL_IN_USE', { fields: { email: 'This email is already in use' } });
          }
          throw error;
        });

      log.info(
        { companyId: answer.company.id, planId: answer.company.planId, referrerCompanyId: context.referrerCompanyId },
        'signup: company created',
      );
      return answer;
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;

/** Due dates are calendar days in UTC, as the login check reads them (see auth/due-date.ts). */
export function trialDueDate(now = new Date()) {
  return new Date(now.getTime() + SIGNUP_TRIAL_DAYS * 86_400_000).toISOString().slice(0, 10);
}

function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return isUniqueViolation((error as { cause?: unknown }).cause);
}
